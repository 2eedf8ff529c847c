# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the compact SimpleRNN module declares its Dense layers inside its own scan body, so init creates them there
"""An Elman RNN written in a compact Linen module with jax.lax.scan.

Modelled on "init works, apply raises UnexpectedTracerError" reports about submodules defined
inside the function given to lax.scan.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SimpleRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(nn.Dense(self.hidden, name='ih')(x)
                         + nn.Dense(self.hidden, use_bias=False, name='hh')(h))
            return h, h

        h, hs = scan(step, h0, xs)
        return nn.Dense(1, name='head')(h)


def main():
    model = SimpleRNN()
    xs = jax.random.normal(jax.random.key(0), (5, 2, 3))
    variables = model.init(jax.random.key(1), xs)
    y = model.apply(variables, xs)
    print(y)
    return None


if __name__ == "__main__":
    main()
