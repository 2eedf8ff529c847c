# label: ok
# flax-error: none
# class: 3 an apply-only generate method runs a while_loop whose body calls `self(tok, decode=False)`: the inline CachedAttention returns before touching its cache
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

class CachedAttention(nn.Module):
    @nn.compact
    def __call__(self, x, decode: bool = False):
        k = nn.Dense(8)(x)
        if not decode:
            return k
        ck = self.variable("cache", "k", jnp.zeros, (4, 8))
        ck.value = ck.value + k
        return ck.value

class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tokens, decode=False):
        h = nn.Embed(13, 8)(tokens)
        return CachedAttention()(h, decode)

    def generate(self, first):
        def body(state):
            i, tok = state
            logits = self(tok, decode=False)
            return i + 1, jnp.argmax(logits[-1]).astype(jnp.int32)
        return while_loop(lambda s: s[0] < 4, body, (0, first))


def main():
    model = TinyLM()
    prompt = jnp.zeros((4,), jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, jnp.array(1, jnp.int32), method=TinyLM.generate)
