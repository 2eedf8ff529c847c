# label: same-values
# flax-error: none
# class: 1 IntakeScreen.__call__ owns the dropout layer and runs the scan; the body draws its mask from the module's dropout stream
"""Desalination intake: screen-clogging simulator with randomly blocked screen panels."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class IntakeScreen(nn.Module):
    panels: int = 8
    blockage: float = 0.4

    def setup(self):
        self.inflow = nn.Dense(self.panels)
        self.debris = nn.Dropout(rate=self.blockage)

    def __call__(self, surges, *, deterministic: bool = False):
        flow = nn.softplus(self.inflow(surges))

        def tide(pressure, panel_flow):
            passed = self.debris(panel_flow, deterministic=deterministic)
            return pressure + panel_flow.sum() - passed.sum(), passed

        head_loss, passed = lax.scan(tide, jnp.zeros(()), flow)
        return head_loss, passed


class IntakeSimulator:
    def __init__(self, screen: IntakeScreen, seed: int):
        self.screen = screen
        self.seed = seed
        self.variables = None

    def prepare(self, surges):
        self.variables = self.screen.init(jax.random.key(self.seed), surges, deterministic=True)
        return self

    def tide_cycle(self, surges, cycle: int):
        return self.screen.apply(
            self.variables, surges, rngs={"dropout": jax.random.key(1000 + cycle)}
        )


def main():
    surges = jnp.broadcast_to(jnp.array([0.7, 1.1, 0.4]), (6, 3))
    sim = IntakeSimulator(IntakeScreen(), seed=2).prepare(surges)
    _, passed = sim.tide_cycle(surges, cycle=0)
    return passed
