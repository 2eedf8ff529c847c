# label: ok
# flax-error: none
# class: 3 an active-learning fine-tune helper merges the model from the state carried by jax.lax.scan and returns the updated state in the carry
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din, ncls, *, rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, ncls, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def max_entropy(logits):
    p = jax.nn.softmax(logits)
    return -jnp.sum(p * jnp.log(p + 1e-9), -1)


def acquire_and_finetune(graphdef, pool_x, pool_y, lr, carry, _):
    state, labelled = carry
    model = nnx.merge(graphdef, state)
    score = jnp.where(labelled, -jnp.inf, max_entropy(model(pool_x)))
    pick = jnp.argmax(score)
    labelled = labelled.at[pick].set(True)

    def loss(m):
        logp = jax.nn.log_softmax(m(pool_x))
        nll = -jnp.take_along_axis(logp, pool_y[:, None], -1)[:, 0]
        return jnp.sum(nll * labelled) / jnp.sum(labelled)

    grads = nnx.grad(loss)(model)
    params = nnx.state(model, nnx.Param)
    nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
    return (nnx.state(model), labelled), pick


def main():
    pool_x = jax.random.normal(jax.random.key(0), (20, 4))
    pool_y = (pool_x[:, 0] > 0).astype(jnp.int32)
    model = Classifier(4, 2, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    body = functools.partial(acquire_and_finetune, graphdef, pool_x, pool_y, 0.1)
    (state, labelled), picks = jax.lax.scan(body, (state, jnp.zeros(20, bool)), None, length=4)
    nnx.update(model, state)
    print(picks)
    return None
