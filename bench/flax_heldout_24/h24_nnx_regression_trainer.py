# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 Trainer.fit runs a raw lax.fori_loop whose body passes the model and nnx.Optimizer held on self to a train-step method (nnx.value_and_grad + optimizer.update)
# modelled on: google/flax issue #4722 "How to train an NNX netowork using scan and jit?" and google/flax issue #4695 "`nnx.Optimizer.update` causes tracer leaking when used in a jitted function"
"""Small regression trainer that runs all optimisation steps in one loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    @staticmethod
    def _step(model, optimizer, x, y):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    def fit(self, xs, ys):
        def body(i, total):
            return total + self._step(self.model, self.optimizer, xs[i], ys[i])

        total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
        return total / xs.shape[0]


def main():
    key_x, key_w = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(key_x, (20, 16, 3))
    ys = xs @ jax.random.normal(key_w, (3, 1))
    trainer = Trainer(MLP(3, 32, 1, rngs=nnx.Rngs(0)))
    mean_loss = trainer.fit(xs, ys)
    print(float(mean_loss), trainer.optimizer.step.get_value())
    return None
