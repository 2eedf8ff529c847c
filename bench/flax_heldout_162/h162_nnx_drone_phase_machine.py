# label: same-values
# flax-error: none
# class: 4 the SurveyMachine's ExplorePhase draws its key from ctx.rngs.explore() on entering the phase and the scan body reuses phase.key with ctx.policy at every step
"""Survey drone mission: a finite state machine moves through the phases
takeoff -> explore -> return; during exploration a policy turns jitter into headings."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class HeadingPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.layer = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, jitter):
        h = self.layer(jitter)
        return h / (jnp.linalg.norm(h) + 1e-6)


class MissionContext:
    def __init__(self, policy, rngs: nnx.Rngs):
        self.policy = policy
        self.rngs = rngs


class Phase:
    name = "idle"
    next_phase = None

    def enter(self, ctx):
        pass

    def run(self, ctx, steps):
        return None


class TakeoffPhase(Phase):
    name, next_phase = "takeoff", "explore"


class ExplorePhase(Phase):
    name, next_phase = "explore", "return"

    def enter(self, ctx):
        self.key = ctx.rngs.explore()

    def run(self, ctx, steps):
        def step(_, __):
            jitter = jax.random.uniform(self.key, (2,), minval=-1.0, maxval=1.0)
            return None, ctx.policy(jitter)

        _, headings = lax.scan(step, None, None, length=steps)
        return headings


class ReturnPhase(Phase):
    name, next_phase = "return", None


class SurveyMachine:
    def __init__(self, ctx):
        self.ctx = ctx
        self.phases = {p.name: p for p in (TakeoffPhase(), ExplorePhase(), ReturnPhase())}
        self.outputs = {}

    def run(self, steps):
        name = "takeoff"
        while name is not None:
            phase = self.phases[name]
            phase.enter(self.ctx)
            self.outputs[name] = phase.run(self.ctx, steps)
            name = phase.next_phase
        return self.outputs["explore"]


def main():
    rngs = nnx.Rngs(params=0, explore=1)
    machine = SurveyMachine(MissionContext(HeadingPolicy(rngs), rngs))
    return machine.run(steps=6)
