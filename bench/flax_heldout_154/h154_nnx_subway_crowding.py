# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 STEP_REGISTRY decorator wraps the step built by a registered factory in jax.checkpoint; the scan body calls that step, which closes over the model in train mode (BatchNorm)
"""Subway platform-crowding nowcaster.

Step factories are registered by name so the operations team can switch
between plain and rematerialised variants from configuration. The nowcaster
is refreshed on live turnstile counts, station by station, with a scan.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax
STEP_REGISTRY = {}


def register(name, remat=False):
    def deco(factory):
        def build(*args):
            step = factory(*args)
            return jax.checkpoint(step) if remat else step
        STEP_REGISTRY[name] = build
        return factory
    return deco


class CrowdingNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(6, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, counts):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.embed(counts)))))[:, 0]


@register("platform_remat", remat=True)
def platform_step(model):
    def step(counts):
        return model(counts)
    return step


class Nowcaster:
    def __init__(self, model, step_name):
        self.model = model
        self.step = STEP_REGISTRY[step_name](model)

    def refresh(self, stations):
        def body(peak, counts):
            crowd = self.step(counts)
            return jnp.maximum(peak, crowd.max()), crowd

        return lax.scan(body, jnp.zeros(()), stations)


def main():
    model = CrowdingNet(nnx.Rngs(0))
    stations = jax.random.poisson(jax.random.key(4), 20.0, (7, 3, 6)).astype(jnp.float32) / 20.0
    Nowcaster(model, "platform_remat").refresh(stations)
    return None
