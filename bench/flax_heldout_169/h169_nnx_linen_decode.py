# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "summary" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body calls assistant.lm.decode_step, which applies a cached Linen decoder held by the NNX assistant's lm handle
"""An NNX assistant that wraps an older Linen language model for generation, decoding
greedily with a raw lax.while_loop until EOS.

Shape of the reports: the Linen decoder's cache was initialised with `decode=True`, but the
small handle that the NNX side calls applies it without `mutable=['cache']`.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
import flax.nnx as nnx


class LinenLM(nn.Module):
    vocab: int = 12
    features: int = 16

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        h = nn.Embed(self.vocab, self.features)(tokens)
        if decode:
            ready = self.has_variable('cache', 'summary')
            summary = self.variable('cache', 'summary', jnp.zeros, h.shape)
            if ready:
                summary.value = 0.8 * summary.value + h
                h = summary.value
        return nn.Dense(self.vocab)(nn.tanh(nn.Dense(self.features)(h)))


class LMHandle:
    def __init__(self, module, variables):
        self.module = module
        self.variables = variables

    def decode_step(self, tokens):
        return self.module.apply(self.variables, tokens, decode=True)


class Assistant(nnx.Module):
    def __init__(self, lm, rngs: nnx.Rngs):
        self.lm = nnx.static(lm)
        self.temperature = nnx.Param(jnp.ones(()))
        self.eos = 11


def generate(assistant, bos, max_len):
    def cond(state):
        i, tok, done, out = state
        return (i < max_len) & ~jnp.all(done)

    def body(state):
        i, tok, done, out = state
        logits = assistant.lm.decode_step(tok) / assistant.temperature[...]
        tok = jnp.argmax(logits, axis=-1)
        done = done | (tok == assistant.eos)
        return i + 1, tok, done, out.at[:, i].set(tok)

    out = jnp.zeros((bos.shape[0], max_len), jnp.int32)
    return jax.lax.while_loop(cond, body, (0, bos, jnp.zeros(bos.shape, bool), out))[3]


def main():
    module = LinenLM()
    bos = jnp.zeros((2,), jnp.int32)
    variables = module.init(jax.random.key(0), bos, decode=True)
    assistant = Assistant(LMHandle(module, variables), rngs=nnx.Rngs(0))
    print(generate(assistant, bos, max_len=10))
    return None
