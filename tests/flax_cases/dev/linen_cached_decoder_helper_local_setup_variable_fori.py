# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a helper method takes a setup "cache" variable to a local (`keys = self.keys`) and updates it; the fori_loop body of an apply-only generate calls the helper; apply with mutable=["cache"]
import jax
import jax.numpy as jnp
import flax.linen as nn

class CachedDecoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(20, 16)
        self.keys = self.variable("cache", "keys", jnp.zeros, (2, 8, 16))

    def _attend(self, tok, idx):
        keys = self.keys
        x = self.embed(tok)
        keys.value = keys.value.at[:, idx].set(x)
        return x @ keys.value[0].T

    def __call__(self, tok):
        return self._attend(tok, 0)

    def generate(self, tok0):
        def body(i, tok):
            return jnp.argmax(self._attend(tok, i), -1)
        return jax.lax.fori_loop(0, 8, body, tok0)


def main():
    model = CachedDecoder()
    tok0 = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), tok0)
    jax.tree.map(lambda a: a + 0, variables)
    out, updates = model.apply(variables, tok0, method=CachedDecoder.generate, mutable=["cache"])
    jax.tree.map(lambda a: a + 0, updates)
