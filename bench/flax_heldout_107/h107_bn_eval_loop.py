# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local `variables` of main() is applied with train=True inside the fori_loop body, without mutable
"""Evaluation loop over test batches with a raw lax.fori_loop for a BatchNorm MLP.
The model is applied with train=True (BatchNorm uses batch statistics and wants to
update them) but no mutable=['batch_stats'], as in 'ModifyScopeVariableError in eval loop'."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(4)(x)


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 8))
    ys = jnp.arange(6 * 16).reshape(6, 16) % 4
    variables = model.init(jax.random.PRNGKey(1), xs[0], train=False)

    def eval_batch(i, correct):
        logits = model.apply(variables, xs[i], train=True)
        return correct + jnp.sum(jnp.argmax(logits, -1) == ys[i])

    correct = lax.fori_loop(0, xs.shape[0], eval_batch, 0)
    print("accuracy", correct / ys.size)
    return None
