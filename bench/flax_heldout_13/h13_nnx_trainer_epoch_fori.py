# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a plain Python Trainer holds model and nnx.Optimizer; its bound _sgd_step updates them inside a raw fori_loop body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.fc2(nnx.relu(self.fc1(x)))))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def _sgd_step(self, i, xs, ys):
        loss, grads = nnx.value_and_grad(mse_loss)(self.model, xs[i], ys[i])
        self.optimizer.update(self.model, grads)
        return loss

    def fit_epoch(self, xs, ys):
        def body(i, total):
            return total + self._sgd_step(i, xs, ys)

        return jax.lax.fori_loop(0, xs.shape[0], body, 0.0) / xs.shape[0]


def main():
    model = MLP(3, 16, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model, 1e-3)
    xs = jax.random.normal(jax.random.key(1), (5, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    float(trainer.fit_epoch(xs, ys))
    return None
