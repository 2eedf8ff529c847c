# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RollingPlanner.__call__ owns the roll_wear variable and writes it inside its own while_loop body
"""Steel mill rolling schedule: plan reduction passes for a slab until it reaches the target
gauge, tracking roll wear in a mutable collection."""
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
            k, thickness = state
            return (k < self.max_passes) & (thickness > self.target_mm)

        def body(state):
            k, thickness = state
            features = jnp.stack([thickness / 100.0, slab[1], slab[2]])
            draft = 0.05 + 0.3 * nn.sigmoid(draft_head(features))[0]
            wear.value = wear.value + draft * thickness * 1e-3
            return k + 1, thickness * (1.0 - draft)

        passes, final = jax.lax.while_loop(cond, body, (0, slab[0]))
        return passes, final


def main():
    slab = jnp.array([120.0, 1.6, 1.15])
    planner = RollingPlanner()
    variables = planner.init(jax.random.PRNGKey(0), slab)
    (passes, final), updated = planner.apply(variables, slab, mutable=["mill_state"])
    regrind_due = updated["mill_state"]["roll_wear"] > 0.5
    jnp.asarray(regrind_due).block_until_ready()
    return None
