# label: ok
# flax-error: none
# class: 2 the counters and the weights key local to main go through the while_loop state; each step applies with mutable=['counters']
"""Bayes-by-backprop regression net with weight-draw counters, fixed: the posterior predictive
loop lives in main; the 'counters' collection and the 'weights' key are carried in the
lax.while_loop state and every step applies with mutable=['counters'] and a fresh subkey."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

NUM_SAMPLES = 8


class BayesDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        shape = (x.shape[-1], self.features)
        mu = self.param("mu", nn.initializers.lecun_normal(), shape)
        rho = self.param("rho", nn.initializers.constant(-3.0), shape)
        draws = self.variable("counters", "draws", lambda: jnp.zeros((), jnp.int32))
        eps = jax.random.normal(self.make_rng("weights"), shape)
        if not self.is_initializing():
            draws.value += 1
        return x @ (mu + nn.softplus(rho) * eps)


class BNN(nn.Module):
    def setup(self):
        self.l1 = BayesDense(32)
        self.l2 = BayesDense(1)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


class Predictor(nn.Module):
    def setup(self):
        self.net = BNN()

    def __call__(self, x):
        return self.net(x)


def main():
    x = jnp.linspace(-3, 3, 12)[:, None]
    model = Predictor()
    variables = model.init({"params": jax.random.PRNGKey(0), "weights": jax.random.PRNGKey(1)}, x)
    params = variables["params"]

    def cond(state):
        return state[0] < NUM_SAMPLES

    def body(state):
        i, preds, counters, key = state
        key, sub = jax.random.split(key)
        y, updates = model.apply({"params": params, "counters": counters}, x,
                                 rngs={"weights": sub}, mutable=["counters"])
        return i + 1, preds.at[i].set(y), updates["counters"], key

    init = (0, jnp.zeros((NUM_SAMPLES, x.shape[0], 1)), variables["counters"],
            jax.random.PRNGKey(2))
    _, preds, counters, _ = lax.while_loop(cond, body, init)
    return preds  # (samples, batch, 1)


if __name__ == "__main__":
    print(main().std(0).mean())
