# label: ok
# flax-error: none
# class: 1 submodules defined in setup and called once before the raw lax.scan when initializing, only read inside the body
"""Image captioning beam search: the maintainer's fix, create the parameters outside the scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, HID, BEAM, STEPS = 20, 16, 3, 5


class BeamCaptioner(nn.Module):
    def setup(self):
        self.img_proj = nn.Dense(HID)
        self.embed = nn.Embed(VOCAB, HID)
        self.lstm = nn.LSTMCell(HID)
        self.head = nn.Dense(VOCAB)

    def step(self, carry, toks):
        carry, out = self.lstm(carry, self.embed(toks))
        return carry, jax.nn.log_softmax(self.head(out))

    def __call__(self, image_feats):
        h0 = self.img_proj(image_feats)
        carry0 = (jnp.zeros((BEAM, HID)), jnp.broadcast_to(h0, (BEAM, HID)))
        toks0 = jnp.zeros((BEAM,), jnp.int32)
        scores0 = jnp.array([0.0] + [-1e9] * (BEAM - 1))
        if self.is_initializing():
            self.step(carry0, toks0)  # create lstm/embed/head params outside the loop

        def beam_step(state, _):
            carry, toks, scores = state
            carry, logp = self.step(carry, toks)
            cand = (scores[:, None] + logp).reshape(-1)
            scores, idx = jax.lax.top_k(cand, BEAM)
            beam, toks = idx // VOCAB, idx % VOCAB
            carry = jax.tree.map(lambda c: c[beam], carry)
            return (carry, toks, scores), toks

        (_, _, scores), toks = jax.lax.scan(beam_step, (carry0, toks0, scores0), None, length=STEPS)
        return toks.T, scores


def main():
    model = BeamCaptioner()
    feats = jnp.ones((32,))
    variables = model.init(jax.random.key(0), feats)
    toks, scores = model.apply(variables, feats)
    return None
