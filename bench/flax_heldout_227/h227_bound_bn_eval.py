# label: ok
# flax-error: none
# class: 2 a local module bound without mutable collections is closed over by the while_loop body, which runs it in eval mode so nothing is written to the bound scope
"""Confidence-driven evaluation over batches, looped with lax.while_loop.

Twin of h227_bound_bn: the bound module is only read in the loop body (eval mode, running
averages used), so no state leaves the body through the bound scope.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(4)(nn.relu(h))


def entropy(logits):
    p = jax.nn.softmax(logits)
    return -jnp.mean(jnp.sum(p * jnp.log(p + 1e-9), axis=-1))


def adapt(model, variables, batches, threshold=0.05):
    bound = model.bind(variables)

    def cond(state):
        i, ent = state
        return (i < batches.shape[0]) & (ent > threshold)

    def body(state):
        i, _ = state
        return i + 1, entropy(bound(batches[i], train=False))

    n, _ = jax.lax.while_loop(cond, body, (0, jnp.inf))
    return {"params": variables["params"], "batch_stats": bound.variables["batch_stats"]}


def main():
    model = Net()
    batches = 2.0 + jax.random.normal(jax.random.key(0), (6, 8, 3))
    variables = model.init(jax.random.key(1), batches[0], train=False)
    adapted = adapt(model, variables, batches)
    logits = model.apply(adapted, batches[0], train=False)
    jax.block_until_ready(logits)
