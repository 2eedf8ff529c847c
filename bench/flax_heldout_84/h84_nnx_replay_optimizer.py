# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 module-level replay_steps() receives the NNX model and nnx.Optimizer; the raw fori_loop body takes gradients and updates them in place
"""Continual learning with a replay buffer (NNX): a few rehearsal steps on stored examples."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, d, n_classes, *, rngs):
        self.l1 = nnx.Linear(d, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


def replay_steps(model, optimizer, buf_x, buf_y, n_steps):
    def body(i, total):
        j = i % buf_x.shape[0]
        loss, grads = nnx.value_and_grad(loss_fn)(model, buf_x[j], buf_y[j])
        optimizer.update(model, grads)
        return total + loss

    return jax.lax.fori_loop(0, n_steps, body, 0.0) / n_steps


def main():
    model = Classifier(8, 4, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    buf_x = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 8))
    buf_y = jax.random.randint(jax.random.PRNGKey(2), (5, 16), 0, 4)
    print(float(replay_steps(model, optimizer, buf_x, buf_y, 10)))
    return None
