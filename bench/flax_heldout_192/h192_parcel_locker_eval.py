# label: ok
# flax-error: none
# class: 3 the while_loop body applies the model with router.variables and router.train_mode (False: running averages), attributes of one LockerRouter
"""Parcel-locker routing: assigns queued parcels to locker banks until the queue is drained."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax.core import unfreeze

lax = jax.lax


class BankScorer(nn.Module):
    n_banks: int = 4

    @nn.compact
    def __call__(self, parcels, train: bool = False):
        h = nn.Dense(16, name="trunk")(parcels)
        h = nn.BatchNorm(use_running_average=not train, name="norm")(h)
        return nn.Dense(self.n_banks, name="head")(nn.relu(h))


class LockerRouter:
    def __init__(self, model, variables, train_mode):
        self.model = model
        self.variables = variables
        self.train_mode = train_mode


def swap_head(variables, new_head):
    """Model surgery after init: replace the bank head with one fitted on last week's depots."""
    variables = unfreeze(variables)
    variables["params"]["head"] = new_head
    return variables


def main():
    parcels = jax.random.normal(jax.random.key(0), (12, 5))
    model = BankScorer()
    variables = model.init(jax.random.key(1), parcels[:3])
    fitted = jax.tree.map(lambda p: 0.5 * p, variables["params"]["head"])
    router = LockerRouter(model, swap_head(variables, fitted), train_mode=False)

    def cond(state):
        i, capacity = state
        return (i < parcels.shape[0] // 3) & (capacity.min() > 0)

    def body(state):
        i, capacity = state
        batch = lax.dynamic_slice_in_dim(parcels, i * 3, 3)
        scores = router.model.apply(router.variables, batch, train=router.train_mode)
        choice = jnp.argmax(scores, axis=-1)
        return i + 1, capacity - jax.nn.one_hot(choice, 4).sum(0)

    lax.while_loop(cond, body, (0, jnp.full((4,), 6.0)))
    return None
