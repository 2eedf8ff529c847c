# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 GraspPlanner -> scorer = model.bind(variables, mutable=['intermediates']); the scan body calls the bound scorer, which sows contact features
"""Robotic-arm grasp planner with a learned grasp scorer.

The scorer sows its contact features so the planner can log them next to the chosen grasp
for offline analysis."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GraspScorer(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, grasps):  # grasps: [num, 7] (position + quaternion)
        contact = nn.swish(nn.Dense(self.hidden, name="contact")(grasps))
        self.sow("intermediates", "contact_features", contact)
        return nn.Dense(1, name="quality")(contact).squeeze(-1)


class GraspPlanner:
    def __init__(self, model: GraspScorer, variables):
        self.scorer = model.bind(variables, mutable=["intermediates"])
        self.log = []

    def contact_features(self):
        sown = self.scorer.variables["intermediates"]["contact_features"]
        return jnp.stack(sown)

    def plan(self, candidate_sets):  # [rounds, num, 7]
        def body(best, grasps):
            quality = self.scorer(grasps)
            return jnp.maximum(best, quality.max()), jnp.argmax(quality)

        best, picks = jax.lax.scan(body, jnp.full((), -jnp.inf), candidate_sets)
        self.log.append({"best": best, "features": self.contact_features().mean(axis=(1, 2))})
        return picks


def main():
    model = GraspScorer()
    candidates = jax.random.normal(jax.random.key(0), (6, 24, 7))
    variables = model.init(jax.random.key(1), candidates[0])
    planner = GraspPlanner(model, {"params": variables["params"]})
    planner.plan(candidates)
    return None
