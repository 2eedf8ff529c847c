# label: ok
# flax-error: none
# class: 4 a jitted forward factory applies the model with mutable=['intermediates']; the fori_loop body given to propagate() only computes, the final wavefield is sown after the loop
"""1-D acoustic full-waveform inversion: forward model with a learned velocity profile.

The velocity profile is parameterised by a small MLP over depth; a second-order
finite-difference stencil propagates a Ricker source and a receiver records the trace.
Wavefield snapshots are kept for the adjoint-free gradient check.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SurveyConfig:
    cells: int = 24
    steps: int = 12
    dt: float = 0.2
    receiver: int = 3


def propagate(step_fn, fields, n):
    return jax.lax.fori_loop(0, n, step_fn, fields)


class Stencil(nn.Module):
    @nn.compact
    def __call__(self, u_prev, u, c2):
        lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
        return 2 * u - u_prev + c2 * lap


class VelocityModel(nn.Module):
    cfg: SurveyConfig

    def setup(self):
        self.profile = nn.Dense(1)
        self.hidden = nn.Dense(6)
        self.stencil = Stencil()

    def velocity(self):
        depth = jnp.linspace(0.0, 1.0, self.cfg.cells)[:, None]
        return 1.0 + 0.5 * nn.sigmoid(self.profile(jnp.tanh(self.hidden(depth))))[:, 0]

    def __call__(self, source):
        c2 = (self.velocity() * self.cfg.dt) ** 2
        u0 = jnp.zeros(self.cfg.cells).at[0].set(source)

        def step(i, fields):
            u_prev, u, trace = fields
            u_next = self.stencil(u_prev, u, c2)
            return u, u_next, trace.at[i].set(u_next[self.cfg.receiver])

        _, u_last, trace = propagate(step, (u0, u0, jnp.zeros(self.cfg.steps)), self.cfg.steps)
        self.sow("intermediates", "snapshot", u_last)
        return trace


def make_forward(model):
    @jax.jit
    def forward(variables, source):
        trace, state = model.apply(variables, source, mutable=["intermediates"])
        return trace, state["intermediates"]
    return forward


def main():
    cfg = SurveyConfig()
    model = VelocityModel(cfg)
    variables = model.init(jax.random.key(0), jnp.asarray(1.0))
    forward = make_forward(model)
    trace, snaps = forward(variables, jnp.asarray(1.0))
    energy = sum(jnp.sum(s ** 2) for s in jax.tree.leaves(snaps))
    print("trace", trace, "snapshot energy", float(energy))
    return None
