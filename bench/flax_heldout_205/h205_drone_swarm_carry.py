# label: ok
# flax-error: none
# class: 1 FormationController.__call__ runs lax.fori_loop carrying the positions, written to its 'swarm' variable after the loop
"""Drone swarm formation: a learned policy nudges each drone toward its slot in the formation."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class FormationController(nn.Module):
    n_drones: int = 6
    steps: int = 8

    @nn.compact
    def __call__(self, slots):
        pos = self.variable("swarm", "positions", lambda: jnp.zeros((self.n_drones, 2)))
        policy = nn.Dense(2, name="policy")
        policy(jnp.zeros((self.n_drones, 4)))  # build the policy parameters before the loop

        def body(i, carry):
            p, spacing = carry
            feats = jnp.concatenate([p, slots - p], axis=-1)
            p = p + 0.25 * jnp.tanh(policy(feats))
            gaps = p[:, None, :] - p[None, :, :]
            return p, jnp.minimum(spacing, jnp.sqrt((gaps ** 2).sum(-1) + jnp.eye(self.n_drones)).min())

        final, min_spacing = lax.fori_loop(0, self.steps, body, (pos.value, jnp.float32(1e3)))
        pos.value = final
        error = jnp.linalg.norm(slots - pos.value, axis=-1).mean()
        return error, min_spacing


class MissionPlanner:
    def __init__(self, controller, variables):
        self.controller = controller
        self.variables = variables

    def fly(self, slots):
        (error, spacing), updates = self.controller.apply(self.variables, slots, mutable=["swarm"])
        self.variables = {**self.variables, **updates}
        return error, spacing

    def telemetry(self):
        positions = self.variables["swarm"]["positions"]
        return {"centroid": positions.mean(0), "spread": positions.std(0)}


def main():
    controller = FormationController()
    angles = jnp.linspace(0.0, 2 * jnp.pi, 6, endpoint=False)
    slots = jnp.stack([jnp.cos(angles), jnp.sin(angles)], axis=-1) * 3.0
    variables = controller.init(jax.random.key(0), slots)
    planner = MissionPlanner(controller, {"params": variables["params"],
                                          "swarm": {"positions": jnp.zeros((6, 2))}})
    planner.fly(slots)
    jax.block_until_ready(planner.telemetry())
    return None
