# label: ok
# flax-error: none
# class: 4 nnx.jit-compiled step function defined at module level is called from the scan body with a summarizer merged there from split state carried through the carry
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SummaryConfig:
    code_vocab: int = 20
    text_vocab: int = 12
    dim: int = 8
    summary_len: int = 5
    bos: int = 1


class CodeEncoder(nnx.Module):
    def __init__(self, cfg: SummaryConfig, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.code_vocab, cfg.dim, rngs=rngs)
        self.mix = nnx.Linear(cfg.dim, cfg.dim, rngs=rngs)

    def __call__(self, tokens):
        return jnp.tanh(self.mix(self.embed(tokens))).mean(axis=0)


class Summarizer(nnx.Module):
    def __init__(self, cfg: SummaryConfig, rngs: nnx.Rngs):
        self.encoder = CodeEncoder(cfg, rngs)
        self.word_embed = nnx.Embed(cfg.text_vocab, cfg.dim, rngs=rngs)
        self.cell = nnx.Linear(2 * cfg.dim, cfg.dim, rngs=rngs)
        self.vocab_out = nnx.Linear(cfg.dim, cfg.text_vocab, rngs=rngs)

    def step(self, h, word, context):
        h = jnp.tanh(self.cell(jnp.concatenate([h + context, self.word_embed(word)])))
        return h, self.vocab_out(h)


@nnx.jit
def decode_word(model, h, word, context):
    h, logits = model.step(h, word, context)
    return h, jnp.argmax(logits).astype(jnp.int32)


def greedy_summary(model, code_tokens, cfg):
    context = model.encoder(code_tokens)
    graphdef, state = nnx.split(model)

    def body(carry, _):
        h, word, state = carry
        local = nnx.merge(graphdef, state)
        h, word = decode_word(local, h, word, context)
        return (h, word, state), word

    carry = (jnp.zeros((cfg.dim,)), jnp.array(cfg.bos, jnp.int32), state)
    _, words = scan(body, carry, None, length=cfg.summary_len)
    return words


def main():
    cfg = SummaryConfig()
    model = Summarizer(cfg, nnx.Rngs(0))
    code_tokens = jax.random.randint(jax.random.key(1), (9,), 0, cfg.code_vocab)
    summarize = functools.partial(greedy_summary, cfg=cfg)
    words = summarize(model, code_tokens)
    _ = [int(w) for w in words]
    return None
