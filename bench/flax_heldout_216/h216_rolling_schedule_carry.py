# label: ok
# flax-error: none
# class: 1 RollingPlanner.__call__ owns the roll_wear variable; its while_loop carries the wear and the method writes it after the loop
"""Steel mill rolling schedule: plan reduction passes for a slab until it reaches the target
gauge, accumulating roll wear in the loop state and storing it in a mutable collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RollingPlanner(nn.Module):
    target_mm: float = 2.0
    max_passes: int = 14

    @nn.compact
    def __call__(self, slab):
        # slab: thickness (mm), width (m), temperature (/1000 C)
        draft_head = nn.Dense(1, name="draft_head")
        wear = self.variable("mill_state", "roll_wear", lambda: jnp.zeros(()))
        draft_head(slab)

        def cond(state):
            k, thickness, _ = state
            return (k < self.max_passes) & (thickness > self.target_mm)

        def body(state):
            k, thickness, worn = state
            features = jnp.stack([thickness / 100.0, slab[1], slab[2]])
            draft = 0.05 + 0.3 * nn.sigmoid(draft_head(features))[0]
            return k + 1, thickness * (1.0 - draft), worn + draft * thickness * 1e-3

        passes, final, worn = jax.lax.while_loop(cond, body, (0, slab[0], jnp.zeros(())))
        wear.value = wear.value + worn
        return passes, final


def main():
    slab = jnp.array([120.0, 1.6, 1.15])
    planner = RollingPlanner()
    variables = planner.init(jax.random.PRNGKey(0), slab)
    (passes, final), updated = planner.apply(variables, slab, mutable=["mill_state"])
    regrind_due = updated["mill_state"]["roll_wear"] > 0.5
    jnp.asarray(regrind_due).block_until_ready()
    return None
