# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a module-level loss factory passes its `train` parameter (`make_loss_fn(model, train=True)`) to `model.apply`, so the compact BatchNorm the fori_loop body recycles through trains; nothing mutable, under jax.jit
"""A recycling model run through a jitted loss that a module-level factory builds with train=True;
the loss applies the model without mutable collections."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Recycler(nn.Module):
    @nn.compact
    def __call__(self, nodes, train: bool = False):
        trunk = nn.Dense(4)
        norm = nn.BatchNorm(use_running_average=not train)
        prev = norm(trunk(nodes))
        def recycle(i, prev):
            return norm(trunk(nodes + prev))
        return jax.lax.fori_loop(0, 3, recycle, prev)


def make_loss_fn(model, train):
    def loss_fn(variables, nodes):
        return jnp.mean(model.apply(variables, nodes, train=train))
    return loss_fn


def main():
    model = Recycler()
    variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
    jax.tree.map(lambda a: a + 0, variables)
    loss = jax.jit(make_loss_fn(model, train=True))(variables, jnp.ones((2, 4)))
    jax.tree.map(lambda a: a + 0, loss)
