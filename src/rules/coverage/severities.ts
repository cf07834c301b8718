// The severity each peer linter gives the checks our rules name in `equivalents` — facts read from the peers'
// repositories at the commits of the coverage map (src/rules/coverage/*.ts), for docs/rules/severity-review.md.
// `null`: no severity for that rule at that commit (see the line's comment). Never copies of the peers' files: one word per rule.
import type { PeerTool } from './types.ts';

/** Where each peer's severities were read, and its scale (most severe first). */
export const PEER_SEVERITY_SOURCES: Readonly<Partial<Record<PeerTool, { source: string; scale: readonly string[] }>>> = {
  hadolint: { source: '`severity = DL…C` in src/Hadolint/Rule/DL*.hs', scale: ['error', 'warning', 'info', 'style', 'ignore'] },
  trivy: { source: 'the `severity` of each checks/docker/*.rego METADATA block', scale: ['critical', 'high', 'medium', 'low'] },
  kics: { source: 'the `severity` of each query\'s metadata.json', scale: ['critical', 'high', 'medium', 'low', 'info'] },
  dclint: { source: 'each rule class\'s `severity` in src/rules/*-rule.ts', scale: ['critical', 'major', 'minor', 'info'] },
};

/** Peers whose rules carry no severity of their own. */
export const PEERS_WITHOUT_SEVERITY: Readonly<Partial<Record<PeerTool, string>>> = {
  buildkit: 'BuildKit\'s build checks have no levels: each is a warning (or, with `check=error=true`, fails the build).',
  checkov: 'Checkov\'s open-source checks carry no severity; severities come from the Prisma Cloud platform with an API key.',
};

/** `tool:id` as our `equivalents` spell it -> the peer's severity. */
export const PEER_SEVERITIES: Readonly<Record<string, string | null>> = {
  'dclint:invalid-schema': null, // a check dclint always runs first: an error, no severity class
  'dclint:invalid-yaml': null, // likewise
  'dclint:no-build-and-image': 'major',
  'dclint:no-duplicate-container-names': 'critical',
  'dclint:no-duplicate-exported-ports': 'critical',
  'dclint:no-unbound-port-interfaces': 'major',
  'dclint:no-version-field': 'minor',
  'dclint:service-container-name-regex': 'critical',
  'dclint:service-image-require-explicit-tag': 'major',
  'hadolint:DL3000': 'error',
  'hadolint:DL3001': 'info', // README's rule table at the same commit
  'hadolint:DL3002': 'warning',
  'hadolint:DL3003': 'warning',
  'hadolint:DL3004': 'error',
  'hadolint:DL3006': 'warning',
  'hadolint:DL3007': 'warning',
  'hadolint:DL3008': 'warning',
  'hadolint:DL3009': 'info',
  'hadolint:DL3010': 'info', // README's rule table at the same commit
  'hadolint:DL3011': 'error',
  'hadolint:DL3012': 'error',
  'hadolint:DL3013': 'warning',
  'hadolint:DL3014': 'warning',
  'hadolint:DL3015': 'info',
  'hadolint:DL3016': 'warning',
  'hadolint:DL3018': 'warning',
  'hadolint:DL3019': 'info',
  'hadolint:DL3020': 'error',
  'hadolint:DL3021': 'error',
  'hadolint:DL3022': 'warning',
  'hadolint:DL3023': 'error',
  'hadolint:DL3024': 'error',
  'hadolint:DL3025': 'warning',
  'hadolint:DL3026': 'error', // README's rule table at the same commit
  'hadolint:DL3027': 'warning',
  'hadolint:DL3028': 'warning',
  'hadolint:DL3029': 'warning', // README's rule table at the same commit
  'hadolint:DL3030': 'warning',
  'hadolint:DL3032': 'warning',
  'hadolint:DL3033': 'warning',
  'hadolint:DL3034': 'warning',
  'hadolint:DL3035': 'warning',
  'hadolint:DL3036': 'warning',
  'hadolint:DL3037': 'warning',
  'hadolint:DL3038': 'warning',
  'hadolint:DL3040': 'warning',
  'hadolint:DL3041': 'warning',
  'hadolint:DL3042': 'warning',
  'hadolint:DL3043': 'error', // README's rule table at the same commit
  'hadolint:DL3044': 'error',
  'hadolint:DL3045': 'warning', // README's rule table at the same commit
  'hadolint:DL3046': 'warning',
  'hadolint:DL3048': 'style', // README's rule table at the same commit
  'hadolint:DL3049': 'info', // README's rule table at the same commit
  'hadolint:DL3050': 'info', // README's rule table at the same commit
  'hadolint:DL3051': 'warning', // README's rule table at the same commit
  'hadolint:DL3052': 'warning', // README's rule table at the same commit
  'hadolint:DL3053': 'warning', // README's rule table at the same commit
  'hadolint:DL3054': 'warning', // README's rule table at the same commit
  'hadolint:DL3055': 'warning', // README's rule table at the same commit
  'hadolint:DL3056': 'warning', // README's rule table at the same commit
  'hadolint:DL3057': 'ignore',
  'hadolint:DL3058': 'warning', // README's rule table at the same commit
  'hadolint:DL3059': 'info', // README's rule table at the same commit
  'hadolint:DL3060': 'info',
  'hadolint:DL3061': 'error', // README's rule table at the same commit
  'hadolint:DL3062': 'warning',
  'hadolint:DL3063': 'warning', // README's rule table at the same commit
  'hadolint:DL3064': 'warning', // README's rule table at the same commit
  'hadolint:DL3065': 'warning', // README's rule table at the same commit
  'hadolint:DL3066': 'info', // README's rule table at the same commit
  'hadolint:DL3067': 'warning', // README's rule table at the same commit
  'hadolint:DL4000': 'error',
  'hadolint:DL4001': 'warning',
  'hadolint:DL4003': 'warning',
  'hadolint:DL4004': 'error',
  'hadolint:DL4005': 'warning',
  'hadolint:DL4006': 'warning',
  'kics:0008c003-79aa-42d8-95b8-1c2fe37dbfe6': 'low',
  'kics:00481784-25aa-4a55-8633-3136dfcf4f37': 'low',
  'kics:02d9c71f-3ee8-4986-9c27-1a20d0d19bfc': 'medium',
  'kics:071a71ff-f868-47a4-ac0b-3c59e4ab5443': 'medium',
  'kics:1c1325ff-831d-43a1-973e-839ae57dfcc0': 'high',
  'kics:221e0658-cb2a-44e3-b08a-db96a341d6fa': 'medium',
  'kics:22cd11f7-9c6c-4f6e-84c0-02058120b341': 'medium',
  'kics:27fcc7d6-c49b-46e0-98f1-6c082a6a2750': 'high',
  'kics:295acb63-9246-4b21-b441-7c1f1fb62dc0': 'low',
  'kics:38300d1a-feb2-4a48-936a-d1ef1cd24313': 'low',
  'kics:404fde2c-bc4b-4371-9747-7054132ac953': 'medium',
  'kics:41c195f4-fc31-4a5c-8a1b-90605538d49f': 'low',
  'kics:451d79dc-0588-476a-ad03-3c7f0320abb3': 'medium',
  'kics:45e1fca5-f90e-465d-825f-c2cb63fa3944': 'medium',
  'kics:4b410d24-1cbe-4430-a632-62c9a931cf1c': 'low',
  'kics:4f31dd9f-2cc3-4751-9b53-67e4af83dac0': 'medium',
  'kics:562952e4-0348-4dea-9826-44f3a2c6117b': 'low',
  'kics:5907595b-5b6d-4142-b173-dbb0e73fbff8': 'low',
  'kics:6452c424-1d92-4deb-bb18-a03e95d579c4': 'medium',
  'kics:67fd0c4a-68cf-46d7-8c41-bc9fba7e40ae': 'high',
  'kics:68a51e22-ae5a-4d48-8e87-b01a323605c9': 'low',
  'kics:6938958b-3f1a-451c-909b-baeee14bdc97': 'low',
  'kics:698ed579-b239-4f8f-a388-baa4bcb13ef8': 'medium',
  'kics:6b376af8-cfe8-49ab-a08d-f32de23661a4': 'low',
  'kics:6b610c50-99fb-4ef0-a5f3-e312fd945bc3': 'low',
  'kics:6db6e0c2-32a3-4a2e-93b5-72c35f4119db': 'low',
  'kics:6e19193a-8753-436d-8a09-76dcff91bb03': 'low',
  'kics:71bf8cf8-f0a1-42fa-b9d2-d10525e0a38e': 'info',
  'kics:7384dfb2-fcd1-4fbf-91cd-6c44c318c33c': 'info',
  'kics:77783205-c4ca-4f80-bb80-c777f267c547': 'low',
  'kics:7ebd323c-31b7-4e5b-b26f-de5e9e477af8': 'low',
  'kics:8a301064-c291-4b20-adcb-403fe7fd95fd': 'medium',
  'kics:8ada6e80-0ade-439e-b176-0b28f6bce35a': 'medium',
  'kics:8af7162d-6c98-482f-868e-0d33fb675ca8': 'medium',
  'kics:93d88cf7-f078-46a8-8ddc-178e03aeacf1': 'medium',
  'kics:9513a694-aa0d-41d8-be61-3271e056f36b': 'medium',
  'kics:965a08d7-ef86-4f14-8792-4a3b2098937e': 'medium',
  'kics:99614418-f82b-4852-a9ae-5051402b741c': 'low',
  'kics:9b6b0f38-92a2-41f9-b881-3a1083d99f1b': 'info',
  'kics:9bae49be-0aa3-4de5-bab2-4c3a069e40cd': 'low',
  'kics:9efb0b2d-89c9-41a3-91ca-dcc0aec911fd': 'medium',
  'kics:a88baa34-e2ad-44ea-ad6f-8cac87bc7c71': 'high',
  'kics:ae5b6871-7f45-42e0-bb4c-ab300c4d2026': 'high',
  'kics:ae9c56a6-3ed1-4ac0-9b54-31267f51151d': 'info',
  'kics:b03a748a-542d-44f4-bb86-9199ab4fd2d5': 'low',
  'kics:b16e8501-ef3c-44e1-a543-a093238099c9': 'info',
  'kics:b84a0b47-2e99-4c9f-8933-98bcabe2b94d': 'low',
  'kics:b86987e1-6397-4619-81d5-8807f2387c79': 'medium',
  'kics:baa3890f-bed7-46f5-ab8f-1da8fc91c729': 'medium',
  'kics:baa452f0-1f21-4a25-ace5-844e7a5f410d': 'high',
  'kics:bb9ac4f7-e13b-423d-a010-c74a1bfbe492': 'medium',
  'kics:bc2908f3-f73c-40a9-8793-c1b7d5544f79': 'medium',
  'kics:cdddb86f-95f6-4fc4-b5a1-483d9afceb2b': 'low',
  'kics:ce76b7d0-9e77-464d-b86f-c5c48e03e22d': 'medium',
  'kics:d3499f6d-1651-41bb-a9a7-de925fea487b': 'medium',
  'kics:d6355c88-1e8d-49e9-b2f2-f8a1ca12c75b': 'high',
  'kics:df746b39-6564-4fed-bf85-e9c44382303c': 'info',
  'kics:e36d8880-3f78-4546-b9a1-12f0745ca0d5': 'medium',
  'kics:efbf148a-67e9-42d2-ac47-02fa1c0d0b22': 'low',
  'kics:f2daed12-c802-49cd-afed-fe41d0b82fed': 'low',
  'kics:f2f903fb-b977-461e-98d7-b3e2185c6118': 'low',
  'kics:f45ea400-6bbe-4501-9fc7-1c3d75c32067': 'medium',
  'kics:f4a6bcd3-e231-4acf-993c-aa027be50d2e': 'low',
  'kics:fc775e75-fcfb-4c98-b2f2-910c5858b359': 'low',
  'kics:fd54f200-402c-4333-a5a4-36ef6709af2f': 'high',
  'trivy:DS-0030': 'high',
  'trivy:DS001': 'medium',
  'trivy:DS002': 'high',
  'trivy:DS004': 'medium',
  'trivy:DS005': 'low',
  'trivy:DS006': 'critical',
  'trivy:DS007': 'critical',
  'trivy:DS008': 'critical',
  'trivy:DS009': 'high',
  'trivy:DS010': 'critical',
  'trivy:DS011': 'critical',
  'trivy:DS012': 'critical',
  'trivy:DS013': 'medium',
  'trivy:DS014': 'low',
  'trivy:DS015': 'high',
  'trivy:DS016': 'high',
  'trivy:DS017': 'high',
  'trivy:DS019': 'high',
  'trivy:DS020': 'high',
  'trivy:DS021': 'high',
  'trivy:DS022': 'high',
  'trivy:DS023': 'medium',
  'trivy:DS024': 'high',
  'trivy:DS025': 'high',
  'trivy:DS026': 'low',
  'trivy:DS027': 'high',
  'trivy:DS029': 'high',
  'trivy:DS031': 'critical',
};
