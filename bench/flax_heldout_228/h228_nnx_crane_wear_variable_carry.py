# label: ok
# flax-error: none
# class: 3 crane.wear, a WearLevel(nnx.Variable) attribute of the CraneHoist module, is read into the lax.while_loop carry and written back after the loop
"""Port crane wear: runs container lifts until the hoist's brake-lining wear crosses the
maintenance threshold, accumulating wear on the hoist module itself."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class WearLevel(nnx.Variable):
    """Accumulated brake-lining wear, kept out of the optimizer's Param filter."""


class CraneHoist(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.load_to_wear = nnx.Linear(3, 1, rngs=rngs)
        self.wear = WearLevel(jnp.zeros(()))

    def lift(self, container):
        return nnx.softplus(self.load_to_wear(container))[0] * 1e-2


def lifts_until_service(crane, containers, threshold):
    count = containers.shape[0]

    def keep_lifting(state):
        i, _, wear = state
        return (i < count) & (wear < threshold)

    def lift_one(state):
        i, lifted, wear = state
        wear = wear + crane.lift(containers[i])
        return i + 1, lifted + 1, wear

    init = (jnp.int32(0), jnp.int32(0), crane.wear[...])
    _, lifted, wear = lax.while_loop(keep_lifting, lift_one, init)
    crane.wear[...] = wear
    return lifted


def main():
    crane = CraneHoist(rngs=nnx.Rngs(0))
    containers = jax.random.uniform(jax.random.key(3), (30, 3), minval=5.0, maxval=30.0)
    lifted = lifts_until_service(crane, containers, threshold=0.5)
    int(lifted)
    return None
