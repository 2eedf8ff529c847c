# label: ok
# flax-error: none
# class: 1 step count carried through the lax.scan carry and written to self.variable('counters', 'steps') after the loop; jitted apply with mutable=['counters']
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

        def step(carry, x):
            h, n = carry
            h = jnp.tanh(w_x(x) + w_h(h))
            return (h, n + 1), h

        (h, n), hs = jax.lax.scan(step, (h, steps.value), xs[1:])
        steps.value = n
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
