/**
 * /AccountMenu/Update/Address (ACC0006): postal code (7 digits in any width, with or without a
 * dash, shown 3-4), 「住所を検索」 through GET /api/addresses (Japan Post's data on the server)
 * filling the prefecture, city and town, the rest of the address up to the block number, and the
 * building on its own line. The server keeps only an address that begins with the code's
 * prefecture and city; its refusal stands beside the address field (ADR 0081).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { match, P } from 'ts-pattern';
import type { PostalAddress } from '../../../contracts/api/account-addresses';
import { AddressLineMaxLength, UpdateAddressRequestSchema, type UpdateAddressRequest } from '../../../contracts/api/account-user-info';
import { normalizeDigitInput, PostalCodeSchema } from '../../../contracts/text/field-schemas';
import { formatPostalCode } from '../../../contracts/text/number-format';
import { addressesQueryOptions } from '../../api/queries/addresses.query';
import { ChoiceGroup, TextField } from '../service-flow/fields';
import { SubmitActions } from '../service-flow/step-actions';
import { useFlowActor, type AccountActor } from '../service-flow/use-flow-actor';
import { LeavingPage } from './account-steps';
import { fieldErrorsOf, issueFor, postalCodeLine } from './account-copy';
import '../service-flow/service-flow.css';
import './account.css';

type AddressField = keyof UpdateAddressRequest;

const fieldOrder: readonly AddressField[] = ['postalCode', 'address', 'subAddress'];
const fieldId = (name: AddressField) => `update-address-${name}`;

const LookupMessage = {
  notFound: 'この郵便番号に該当する住所が見つかりませんでした。郵便番号をご確認ください。',
  failed: '住所を検索できませんでした。時間をおいてもう一度お試しいただくか、ご住所を直接入力してください。',
} as const;

/** 宮城県仙台市青葉区一番町 */
const townLine = (candidate: PostalAddress) => `${candidate.prefecture}${candidate.city}${candidate.town}`;

export function AddressPage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  return match(value)
    .with('address', 'addressSaving', (step) => <AddressForm actor={actor} busy={step === 'addressSaving'} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

function AddressForm({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  const queryClient = useQueryClient();
  const { user, rejection } = useSelector(actor, (state) => state.context);
  const before = user.userBeforeData?.address;
  const entered = user.userChangeData?.key === 'address' ? user.userChangeData.address : before;
  const [values, setValues] = useState<Record<AddressField, string>>({
    postalCode: entered === undefined ? '' : formatPostalCode(entered.postalCode),
    address: entered?.address ?? '',
    subAddress: entered?.subAddress ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [candidates, setCandidates] = useState<readonly PostalAddress[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // The server's refusal of a field was about the value it was sent; once the customer edits it, it no longer applies.
  const [edited, setEdited] = useState<ReadonlySet<AddressField>>(new Set());
  const set = (name: AddressField, next: string) => {
    setValues((current) => ({ ...current, [name]: next }));
    setEdited((current) => new Set(current).add(name));
  };

  const fill = (candidate: PostalAddress) => {
    const line = townLine(candidate);
    // An address already under this town keeps what follows it (the block number, for instance).
    setValues((current) => ({ ...current, address: current.address.normalize('NFKC').startsWith(line) ? current.address : line }));
    setEdited((current) => new Set(current).add('address'));
    setCandidates(null);
    setErrors((current) => ({ ...current, postalCode: undefined, address: undefined }));
    setAnnouncement(`ご住所の欄に「${line}」を入力しました。続けて番地を入力してください。`);
    document.getElementById(fieldId('address'))?.focus();
  };

  const lookUp = async () => {
    setAnnouncement('');
    setCandidates(null);
    const code = PostalCodeSchema.safeParse(values.postalCode);
    if (!code.success) {
      setErrors((current) => ({ ...current, postalCode: code.error.issues[0]?.message }));
      document.getElementById(fieldId('postalCode'))?.focus();
      return;
    }
    set('postalCode', formatPostalCode(code.data));
    setSearching(true);
    try {
      const { addresses } = await queryClient.fetchQuery(addressesQueryOptions(code.data));
      const [only] = addresses;
      if (addresses.length === 0 || only === undefined) {
        setErrors((current) => ({ ...current, postalCode: LookupMessage.notFound }));
        document.getElementById(fieldId('postalCode'))?.focus();
      } else if (addresses.length === 1) {
        fill(only);
      } else {
        setErrors((current) => ({ ...current, postalCode: undefined }));
        setCandidates(addresses);
        setAnnouncement(`該当する住所が${addresses.length}件あります。お住まいの住所を選んでください。`);
      }
    } catch {
      setErrors((current) => ({ ...current, postalCode: LookupMessage.failed }));
    } finally {
      setSearching(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateAddressRequestSchema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      setEdited(new Set());
      actor.send({ type: 'change.submit', change: { key: 'address', address: parsed.data } });
      return;
    }
    const { errors: found, first } = fieldErrorsOf(parsed.error.issues, fieldOrder);
    setErrors(found);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  const errorOf = (name: AddressField) => errors[name] ?? (edited.has(name) ? null : issueFor(rejection, name));

  return (
    <form className="card" onSubmit={submit} noValidate>
      {before === undefined ? null : (
        <p className="status-note">
          現在のご住所：{postalCodeLine(before.postalCode)} {before.address}
          {before.subAddress === '' ? null : ` ${before.subAddress}`}
        </p>
      )}
      <TextField
        id={fieldId('postalCode')}
        label="郵便番号"
        required
        value={values.postalCode}
        onChange={(next) => set('postalCode', next)}
        onBlur={() => set('postalCode', formatPostalCode(normalizeDigitInput(values.postalCode)))}
        support="7桁（例：980-0811）。全角数字やハイフンの有無は問いません。"
        error={errorOf('postalCode')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        size="short"
        disabled={busy}
      />
      <div className="account-postal-search">
        <button type="button" className="button button--secondary" onClick={() => void lookUp()} disabled={busy || searching}>
          {searching ? '検索しています' : '住所を検索'}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {candidates === null ? null : (
        <ChoiceGroup
          id="update-address-candidates"
          legend="該当する住所"
          required
          type="radio"
          options={candidates.map((candidate, index) => ({ value: String(index), label: townLine(candidate) }))}
          selected={[]}
          onChange={(value) => {
            const chosen = candidates[Number(value)];
            if (chosen !== undefined) fill(chosen);
          }}
          support="郵便番号に該当する住所が複数あります。お住まいの住所を選んでください。"
        />
      )}
      <TextField
        id={fieldId('address')}
        label="ご住所（番地まで）"
        required
        value={values.address}
        onChange={(next) => set('address', next)}
        support="都道府県から番地まで（例：宮城県仙台市青葉区一番町1-1-1）。郵便番号から検索すると、町域まで入力されます。"
        error={errorOf('address')}
        autoComplete="address-line1"
        maxLength={AddressLineMaxLength}
        disabled={busy}
      />
      <TextField
        id={fieldId('subAddress')}
        label="建物名・部屋番号"
        required={false}
        value={values.subAddress}
        onChange={(next) => set('subAddress', next)}
        support="マンション・アパートの名前と部屋番号（例：ポータルハイツ203）"
        error={errorOf('subAddress')}
        autoComplete="address-line2"
        maxLength={AddressLineMaxLength}
        disabled={busy}
      />
      <SubmitActions
        busy={busy}
        canSubmit={!searching}
        submitLabel="変更する"
        busyLabel="変更しています"
        backLabel="変更せずに戻る"
        onBack={() => actor.send({ type: 'wizard.back' })}
      />
    </form>
  );
}
