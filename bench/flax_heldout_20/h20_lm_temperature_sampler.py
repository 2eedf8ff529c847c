# label: same-values
# flax-error: none
# class: 3 make_rng('sample') reached from the scan body through sample() -> _decode_step() -> _gumbel()
"""Temperature sampling from a small recurrent language model.

The model is initialised through __call__ (teacher forcing over a prompt batch) and
sampled with apply(method=TinyLM.sample), which scans over generated positions and
returns the tokens together with the Gumbel perturbations used at each position.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class LMConfig:
    vocab: int = 32
    hidden: int = 16
    max_len: int = 6
    temperature: float = 0.8


class TinyLM(nn.Module):
    cfg: LMConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.hidden)
        self.cell = nn.GRUCell(self.cfg.hidden)
        self.head = nn.Dense(self.cfg.vocab)

    def __call__(self, tokens):
        h = jnp.zeros((tokens.shape[0], self.cfg.hidden))
        logits = []
        for t in range(tokens.shape[1]):
            h, out = self.cell(h, self.embed(tokens[:, t]))
            logits.append(self.head(out))
        return jnp.stack(logits, axis=1)

    def _gumbel(self, shape):
        u = jax.random.uniform(self.make_rng("sample"), shape, minval=1e-6, maxval=1.0)
        return -jnp.log(-jnp.log(u))

    def _decode_step(self, h, tok):
        h, out = self.cell(h, self.embed(tok))
        logits = self.head(out) / self.cfg.temperature
        perturb = self._gumbel(logits.shape)
        return h, jnp.argmax(logits + perturb, axis=-1), perturb

    def sample(self, prompt_tok):
        h0 = jnp.zeros((prompt_tok.shape[0], self.cfg.hidden))

        def body(carry, _):
            h, tok = carry
            h, nxt, perturb = self._decode_step(h, tok)
            return (h, nxt), (nxt, perturb)

        _, (tokens, perturbs) = jax.lax.scan(body, (h0, prompt_tok), None, length=self.cfg.max_len)
        return tokens, perturbs


def main():
    cfg = LMConfig()
    model = TinyLM(cfg)
    prompts = jnp.array([[1, 4, 7], [2, 3, 9]], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), prompts)
    tokens, perturbs = model.apply(
        variables, prompts[:, -1], method=TinyLM.sample, rngs={"sample": jax.random.key(42)}
    )
    return perturbs
