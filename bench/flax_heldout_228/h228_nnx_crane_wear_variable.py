# label: trace-context
# flax-error: TraceContextError: Cannot mutate WearLevel from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 crane.wear, a WearLevel(nnx.Variable) attribute of the CraneHoist module, is written inside the lax.while_loop body
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
        i, _ = state
        return (i < count) & (crane.wear[...] < threshold)

    def lift_one(state):
        i, lifted = state
        crane.wear[...] = crane.wear[...] + crane.lift(containers[i])
        return i + 1, lifted + 1

    _, lifted = lax.while_loop(keep_lifting, lift_one, (jnp.int32(0), jnp.int32(0)))
    return lifted


def main():
    crane = CraneHoist(rngs=nnx.Rngs(0))
    containers = jax.random.uniform(jax.random.key(3), (30, 3), minval=5.0, maxval=30.0)
    lifted = lifts_until_service(crane, containers, threshold=0.5)
    int(lifted)
    return None
