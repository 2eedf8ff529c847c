# label: ok
# flax-error: none
# class: 1 ResNetTiny.evaluate runs jax.lax.fori_loop over validation batches; the BatchNorm layers only read the running averages
"""Validation loop written as a module method, BatchNorm left in training mode.

Twin of h221_bn_val_loop: the evaluation model is built with train=False, so
the loop body reads the batch statistics and never writes them.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ResNetTiny(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(16)(x)
        y = nn.BatchNorm(use_running_average=not self.train)(y)
        y = nn.relu(y)
        y = nn.Dense(16)(y)
        y = nn.BatchNorm(use_running_average=not self.train)(y)
        x = nn.Dense(16)(x) + y
        return nn.Dense(4)(nn.relu(x))

    def evaluate(self, xs, labels):
        def body(i, correct):
            logits = self(xs[i])
            return correct + jnp.sum(jnp.argmax(logits, -1) == labels[i])

        correct = jax.lax.fori_loop(0, xs.shape[0], body, 0)
        return correct / (xs.shape[0] * xs.shape[1])


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 6))
    labels = jax.random.randint(jax.random.PRNGKey(1), (5, 8), 0, 4)
    variables = ResNetTiny(train=True).init(jax.random.PRNGKey(2), xs[0])
    eval_model = ResNetTiny(train=False)
    acc = eval_model.apply(variables, xs, labels, method=ResNetTiny.evaluate)
    print('val acc', float(acc))
    return None
