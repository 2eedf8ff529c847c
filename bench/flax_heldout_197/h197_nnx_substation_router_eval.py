# label: ok
# flax-error: none
# class: 1 SubstationRouter.refine runs the fori_loop itself and its body calls the regional experts the router holds in an nnx.Dict, switched to eval mode by router.eval() before serving
"""Power-grid load balancing: a router refines a substation load estimate by passing it through
the expert for each region in turn, a few refinement rounds per dispatch interval."""
import jax
import jax.numpy as jnp
from flax import nnx


class RegionExpert(nnx.Module):
    def __init__(self, feeders: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(feeders, feeders, rngs=rngs)
        self.norm = nnx.BatchNorm(feeders, momentum=0.9, rngs=rngs)

    def __call__(self, load):
        return load + 0.1 * jnp.tanh(self.norm(self.mix(load)))


class SubstationRouter(nnx.Module):
    REGIONS = ("north", "harbour", "industrial")

    def __init__(self, feeders: int, rngs: nnx.Rngs):
        self.experts = nnx.Dict({name: RegionExpert(feeders, rngs) for name in self.REGIONS})

    def refine(self, load, rounds: int = 3):
        def one_round(_, estimate):
            for name in self.REGIONS:
                estimate = self.experts[name](estimate)
            return estimate

        return jax.lax.fori_loop(0, rounds, one_round, load)


class DispatchDesk:
    def __init__(self, router: SubstationRouter):
        self.router = router
        self.router.eval()  # serve with the running statistics

    def balance(self, feeder_loads):
        refined = self.router.refine(feeder_loads)
        return refined / refined.sum(axis=-1, keepdims=True)


def main():
    router = SubstationRouter(feeders=6, rngs=nnx.Rngs(0))
    loads = jax.random.uniform(jax.random.key(1), (4, 6))
    shares = DispatchDesk(router).balance(loads)
    jax.block_until_ready(shares)
    return None
