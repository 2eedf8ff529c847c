# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 Generator holds model.bind({params, cache}, mutable=['cache']); the raw while_loop body calls bound.decode_step, which writes the bound cache
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class LMConfig:
    vocab: int = 8
    dim: int = 4
    max_len: int = 5
    eos: int = 0
    batch: int = 2


class CachedLM(nn.Module):
    config: LMConfig

    def setup(self):
        self.embed = nn.Embed(self.config.vocab, self.config.dim)
        self.head = nn.Dense(self.config.vocab)
        self.state = self.variable("cache", "state", jnp.zeros, (self.config.batch, self.config.dim))

    def __call__(self, tok):
        return self.head(self.embed(tok))

    def decode_step(self, tok):
        emb = self.embed(tok)
        self.state.value = 0.5 * self.state.value + emb
        return self.head(self.state.value)


class Generator:
    def __init__(self, model, params, prompt):
        cache = model.init(jax.random.key(1), prompt, method=CachedLM.decode_step)["cache"]
        self.bound = model.bind({"params": params, "cache": cache}, mutable=["cache"])
        self.cfg = model.config

    def generate(self, prompt):
        def cond(carry):
            i, tok = carry
            return (i < self.cfg.max_len) & jnp.all(tok != self.cfg.eos)

        def body(carry):
            i, tok = carry
            logits = self.bound.decode_step(tok)
            return i + 1, jnp.argmax(logits, -1)

        _, last = lax.while_loop(cond, body, (0, prompt))
        final_logits = self.bound.decode_step(last)
        return final_logits


def main():
    cfg = LMConfig()
    model = CachedLM(cfg)
    prompt = jnp.array([2, 5])
    params = model.init(jax.random.key(0), prompt)["params"]
    gen = Generator(model, params, prompt)
    logits = gen.generate(prompt)
    logits.block_until_ready()
    return None
