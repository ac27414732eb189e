/**
 * iCalendar invitations (RFC 5545, with RFC 5546's METHOD): the counselling booking's mail carries
 * one so the student's calendar shows the slot. Times in UTC, CRLF line endings, lines folded at 75
 * octets (never inside a UTF-8 character), text values escaped.
 */
import { escapeText, foldLine, utcStamp } from '../../src/lib/shared/ics.ts';

export interface Invitation {
  uid: string;
  method: 'REQUEST' | 'CANCEL';
  /** grows with every change, so a calendar replaces the event it holds */
  sequence: number;
  startsAt: string;
  endsAt: string;
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** A parameter value (CN=...) is quoted when it holds a character that would end it. */
const param = (value: string) => (/[;:,]/.test(value) ? `"${value.replace(/"/g, "'")}"` : value);

export function invitation(e: Invitation): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//StudyAbroad Nepal//Counselling//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    `DTSTART:${utcStamp(e.startsAt)}`,
    `DTEND:${utcStamp(e.endsAt)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.location)}`,
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${param(e.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
