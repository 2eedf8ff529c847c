# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.variable('counters', 'steps') incremented inline in the lax.scan step; jitted apply with mutable=['counters']
import jax
import jax.numpy as jnp
import flax.linen as nn


class CountingRNN(nn.Module):
    hidden: int = 5

    @nn.compact
    def __call__(self, xs):
        steps = self.variable("counters", "steps", lambda: jnp.zeros((), jnp.int32))
        w_x = nn.Dense(self.hidden, name="w_x")
        w_h = nn.Dense(self.hidden, use_bias=False, name="w_h")
        h = jnp.tanh(w_x(xs[0]) + w_h(jnp.zeros((xs.shape[1], self.hidden))))

        def step(h, x):
            steps.value += 1
            h = jnp.tanh(w_x(x) + w_h(h))
            return h, h

        h, hs = jax.lax.scan(step, h, xs[1:])
        return hs


def main():
    model = CountingRNN()
    xs = jnp.ones((6, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), xs)

    @jax.jit
    def run(variables, xs):
        return model.apply(variables, xs, mutable=["counters"])

    hs, updates = run(variables, xs)
    print("steps run:", int(updates["counters"]["steps"]))
    return None
