# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the PK surrogate's own compact __call__ creates its absorption Dense inside the jax.lax.scan body over dosing days
"""Clinical trial simulator: a pharmacokinetic surrogate rolls plasma concentration forward over
the dosing schedule of one trial arm, then the arm report is built from the simulated curve."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class ArmConfig:
    n_compartments: int = 3
    n_days: int = 14
    dose_mg: float = 50.0
    loading_factor: float = 2.0


class PKSurrogate(nn.Module):
    cfg: ArmConfig

    @nn.compact
    def __call__(self, doses):
        n = self.cfg.n_compartments
        absorb = nn.Dense(n, name="absorption")
        clearance = self.param("clearance", nn.initializers.constant(0.1), (n,))

        def day(conc, dose):
            inflow = absorb(jnp.concatenate([conc, dose[None] / 100.0]))
            conc = conc * (1.0 - clearance) + nn.softplus(inflow)
            return conc, conc.sum()

        _, plasma = jax.lax.scan(day, jnp.zeros((n,)), doses)
        return plasma


class ArmSimulator:
    def __init__(self, cfg: ArmConfig):
        self.cfg = cfg
        self.model = PKSurrogate(cfg)

    def schedule(self):
        doses = jnp.full((self.cfg.n_days,), self.cfg.dose_mg)
        return doses.at[0].multiply(self.cfg.loading_factor)

    def run(self, seed: int):
        doses = self.schedule()
        variables = self.model.init(jax.random.key(seed), doses)
        return self.model.apply(variables, doses)


def arm_report(plasma):
    return {"cmax": float(plasma.max()), "auc": float(plasma.sum()), "tmax": int(plasma.argmax())}


def main():
    sim = ArmSimulator(ArmConfig())
    plasma = sim.run(seed=0)
    print(arm_report(plasma))
    return None
