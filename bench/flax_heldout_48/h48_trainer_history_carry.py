# label: ok
# flax-error: none
# class: 5 the best loss travels in the raw lax.while_loop carry and the trainer's attributes are set once after the loop
"""The trainer after the fix: best loss in the carry, history recorded outside the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class Net(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(16)(x)))


class Trainer:
    def __init__(self, model, x, y):
        self.x, self.y = x, y
        params = model.init(jax.random.PRNGKey(0), x)["params"]
        self.state = train_state.TrainState.create(apply_fn=model.apply, params=params,
                                                   tx=optax.adam(1e-2))
        self.history = []
        self.best_loss = jnp.inf

    def loss_fn(self, params):
        pred = self.state.apply_fn({"params": params}, self.x)
        return jnp.mean((pred - self.y) ** 2)

    def cond(self, carry):
        state, loss, best, i = carry
        return (loss > 1e-3) & (i < 5)

    def step(self, carry):
        state, _, best, i = carry
        loss, grads = jax.value_and_grad(self.loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss, jnp.minimum(best, loss), i + 1

    def fit(self):
        init = (self.state, jnp.inf, jnp.inf, 0)
        self.state, loss, best, n = jax.lax.while_loop(self.cond, self.step, init)
        self.best_loss = best
        self.history.append(loss)
        curve = jnp.stack(self.history)
        print("best loss", curve.min(), self.best_loss, "steps", int(n))


def main():
    x = jnp.linspace(-1, 1, 16)[:, None]
    Trainer(Net(), x, jnp.sin(3 * x)).fit()
    return None
