# label: ok
# flax-error: none
# class: 4 module-level replay_steps() splits the NNX model and optimizer together, carries their state through the fori_loop and merges it in the body
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
    graphdef, state = nnx.split((model, optimizer))

    def body(i, carry):
        state, total = carry
        m, opt = nnx.merge(graphdef, state)
        j = i % buf_x.shape[0]
        loss, grads = nnx.value_and_grad(loss_fn)(m, buf_x[j], buf_y[j])
        opt.update(m, grads)
        return nnx.state((m, opt)), total + loss

    state, total = jax.lax.fori_loop(0, n_steps, body, (state, 0.0))
    nnx.update((model, optimizer), state)
    return total / n_steps


def main():
    model = Classifier(8, 4, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    buf_x = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 8))
    buf_y = jax.random.randint(jax.random.PRNGKey(2), (5, 16), 0, 4)
    print(float(replay_steps(model, optimizer, buf_x, buf_y, 10)))
    return None
