# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 decoder writes a key cache with put_variable in the body; apply(mutable=["cache"]) then reads it
import flax.linen as nn
import jax
import jax.numpy as jnp


class CachingDecoder(nn.Module):
    dim: int = 8

    def setup(self):
        self.key_proj = nn.Dense(self.dim)

    def __call__(self, xs):
        self.key_proj(xs[0])

        def step(h, x):
            k = self.key_proj(x)
            self.put_variable("cache", "key", k)
            return h + k, None

        h, _ = jax.lax.scan(step, jnp.zeros((xs.shape[1], self.dim)), xs)
        return h


def main():
    xs = jnp.ones((4, 2, 8))
    dec = CachingDecoder()
    variables = dec.init(jax.random.PRNGKey(0), xs)
    _, mutated = dec.apply(variables, xs, mutable=["cache"])
    print(jnp.abs(mutated["cache"]["key"]).max())
