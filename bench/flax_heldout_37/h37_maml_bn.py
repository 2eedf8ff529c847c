# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 inner_adapt closes the model, batch_stats and support set into a loss used by a raw lax.fori_loop body; the train-mode apply there is not given mutable=['batch_stats']
"""MAML inner loop on a few-shot classifier with batch norm (transductive BN, as in the MAML repo)."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax

N_WAY, K_SHOT, DIM = 3, 2, 8


class Learner(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(N_WAY)(x)


def inner_adapt(model, params, batch_stats, x, y, steps=3, lr=0.4):
    def loss_fn(p):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def body(i, p):
        grads = jax.grad(loss_fn)(p)
        return jax.tree.map(lambda w, g: w - lr * g, p, grads)

    return lax.fori_loop(0, steps, body, params)


def main():
    model = Learner()
    xs = jax.random.normal(jax.random.key(0), (N_WAY * K_SHOT, DIM))
    ys = jnp.repeat(jnp.arange(N_WAY), K_SHOT)
    variables = model.init(jax.random.key(1), xs, train=False)
    fast = inner_adapt(model, variables["params"], variables["batch_stats"], xs, ys)
    logits = model.apply({"params": fast, "batch_stats": variables["batch_stats"]}, xs, train=False)
    print((logits.argmax(-1) == ys).mean())
