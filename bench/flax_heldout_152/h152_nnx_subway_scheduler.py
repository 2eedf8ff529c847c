# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the CrowdingService resolved from PROVIDERS keeps a HeadwayScheduler whose StepCount variable is advanced by service.scheduler.advance() inside the while_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


class HeadwayScheduler(nnx.Module):
    def __init__(self, base_headway=4.0, warmup=3):
        self.count = StepCount(jnp.zeros((), jnp.int32))
        self.base_headway = base_headway
        self.warmup = warmup

    def advance(self):
        self.count[...] = self.count[...] + 1
        ramp = jnp.minimum(self.count[...] / self.warmup, 1.0)
        return self.base_headway * (2.0 - ramp)


class PlatformCrowding(nnx.Module):
    def __init__(self, stations: int, rngs: nnx.Rngs):
        self.flow = nnx.Linear(stations, stations, rngs=rngs)

    def __call__(self, waiting, headway):
        return nnx.relu(waiting + self.flow(waiting) * headway / 10.0)


class CrowdingService:
    def __init__(self, stations=7):
        self.model = PlatformCrowding(stations, nnx.Rngs(0))
        self.scheduler = HeadwayScheduler()

    def dispatch_until_clear(self, waiting, limit=2.0, max_trains=12):
        def cond(state):
            trains, waiting = state
            return (trains < max_trains) & (waiting.max() > limit)

        def body(state):
            trains, waiting = state
            headway = self.scheduler.advance()
            waiting = 0.6 * self.model(waiting, headway)
            return trains + 1, waiting

        return jax.lax.while_loop(cond, body, (jnp.int32(0), waiting))


PROVIDERS = {
    "crowding": lambda: CrowdingService(stations=7),
}

SERVICES = {}


def startup():
    for name, provider in PROVIDERS.items():
        SERVICES[name] = provider()


def main():
    startup()
    service = SERVICES["crowding"]
    service.model.train()
    waiting = jnp.linspace(1.0, 9.0, 7)
    service.dispatch_until_clear(waiting)
    return None
