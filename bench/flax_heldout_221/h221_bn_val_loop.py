# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 ResNetTiny.evaluate runs jax.lax.fori_loop over validation batches and calls its own BatchNorm layers in the body
"""Validation loop written as a module method, BatchNorm left in training mode.

Modelled on "ModifyScopeVariableError during evaluation" reports: the model's
`train` field defaults to True, the user builds the evaluation model with the
default, and the evaluate method loops over validation batches with
jax.lax.fori_loop.
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
    eval_model = ResNetTiny()
    acc = eval_model.apply(variables, xs, labels, method=ResNetTiny.evaluate)
    print('val acc', float(acc))
    return None
