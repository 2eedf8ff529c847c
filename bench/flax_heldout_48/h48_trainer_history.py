# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a plain Python Trainer's method used as the raw lax.while_loop body appends to self.history and updates self.best_loss
"""Early stopping with a best-loss tracker kept on the trainer, the way a PyTorch Trainer would."""
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
        state, loss, i = carry
        return (loss > 1e-3) & (i < 5)

    def step(self, carry):
        state, _, i = carry
        loss, grads = jax.value_and_grad(self.loss_fn)(state.params)
        self.history.append(loss)
        self.best_loss = jnp.minimum(self.best_loss, loss)
        return state.apply_gradients(grads=grads), loss, i + 1

    def fit(self):
        self.state, loss, n = jax.lax.while_loop(self.cond, self.step, (self.state, jnp.inf, 0))
        curve = jnp.stack(self.history)
        print("best loss", curve.min(), self.best_loss, "steps", int(n))


def main():
    x = jnp.linspace(-1, 1, 16)[:, None]
    Trainer(Net(), x, jnp.sin(3 * x)).fit()
    return None
