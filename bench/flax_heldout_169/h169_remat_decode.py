# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "memory" in "/remat(block)" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the while_loop body calls a decoder block wrapped with nn.remat, whose block writes to a 'cache' variable
"""Greedy decoding with a rematerialised (nn.remat) decoder block inside lax.while_loop.

Shape of the reports: a decoder trained with `nn.remat` blocks is reused for generation;
the generate method runs a while_loop until EOS and the caller applies it without
`mutable=['cache']`.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, decode: bool = False):
        h = nn.Dense(self.features)(x)
        if decode:
            is_initialized = self.has_variable('cache', 'memory')
            memory = self.variable('cache', 'memory', jnp.zeros, h.shape)
            if is_initialized:
                memory.value = memory.value + h
                h = memory.value
        return x + nn.gelu(h)


class Decoder(nn.Module):
    vocab: int = 10
    features: int = 16
    eos: int = 9
    max_len: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.features)
        self.block = nn.remat(Block, static_argnums=(2,))(self.features)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens, decode=False):
        return self.out(self.block(self.embed(tokens), decode))

    def generate(self, bos):
        def cond(state):
            i, tok, done, out = state
            return (i < self.max_len) & ~jnp.all(done)

        def body(state):
            i, tok, done, out = state
            logits = self(tok, True)
            tok = jnp.argmax(logits, axis=-1)
            done = done | (tok == self.eos)
            return i + 1, tok, done, out.at[:, i].set(tok)

        out = jnp.zeros((bos.shape[0], self.max_len), jnp.int32)
        state = (0, bos, jnp.zeros(bos.shape, bool), out)
        return jax.lax.while_loop(cond, body, state)[3]


def main():
    model = Decoder()
    bos = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), bos, True)
    tokens = model.apply(variables, bos, method=Decoder.generate)
    print(tokens)
    return None
