# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Generator.generate runs lax.fori_loop and reaches the KV caches through self.lm -> blocks -> attn
"""Autoregressive generation with a KV-cached tiny LM, the decoding loop a fori_loop in a method.

Modelled on the kind of report about cached generation in a fori_loop: apply is given
mutable=['cache'], the cache is written inside the loop body, and the cache that comes back
is used to continue generating.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, FEATURES, MAX_LEN = 13, 16, 12


class CachedSelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):  # x: [batch, features]
        initialized = self.has_variable('cache', 'k')
        k_cache = self.variable('cache', 'k', jnp.zeros, (x.shape[0], MAX_LEN, FEATURES))
        v_cache = self.variable('cache', 'v', jnp.zeros, (x.shape[0], MAX_LEN, FEATURES))
        idx = self.variable('cache', 'idx', lambda: jnp.array(0, jnp.int32))
        q, k, v = (nn.Dense(FEATURES, name=n)(x) for n in ('query', 'key', 'value'))
        if initialized:
            i = idx.value
            k_cache.value = k_cache.value.at[:, i].set(k)
            v_cache.value = v_cache.value.at[:, i].set(v)
            idx.value = i + 1
        scores = jnp.einsum('bf,btf->bt', q, k_cache.value) / jnp.sqrt(FEATURES)
        scores = jnp.where(jnp.arange(MAX_LEN) < idx.value, scores, -1e9)
        return jnp.einsum('bt,btf->bf', nn.softmax(scores), v_cache.value)


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = x + CachedSelfAttention(name='attn')(nn.LayerNorm()(x))
        return x + nn.Dense(FEATURES)(nn.gelu(nn.Dense(2 * FEATURES)(x)))


class TinyLM(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, FEATURES)
        self.blocks = [Block() for _ in range(2)]

    def __call__(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(x)


class Generator(nn.Module):
    def setup(self):
        self.lm = TinyLM()

    def __call__(self, tokens):
        return self.lm(tokens)

    def generate(self, tokens, n: int):
        def body(i, carry):
            tokens, out = carry
            tokens = jnp.argmax(self.lm(tokens), -1)
            return tokens, out.at[i].set(tokens)

        return jax.lax.fori_loop(0, n, body, (tokens, jnp.zeros((n, tokens.shape[0]), jnp.int32)))


def main():
    model = Generator()
    prompt = jnp.array([1, 2])
    variables = model.init(jax.random.PRNGKey(0), prompt)
    (last, out), mutated = model.apply(variables, prompt, 4, method=Generator.generate, mutable=['cache'])
    (last, more), mutated = model.apply({'params': variables['params'], **mutated}, last, 4,
                                        method=Generator.generate, mutable=['cache'])
    more.block_until_ready()
    return None
