# label: ok
# flax-error: none
# class: 3 GraspPlanner keeps model and variables; the scan body calls model.apply(..., mutable=['intermediates']) and returns the sown features as scan outputs
"""Robotic-arm grasp planner with a learned grasp scorer.

The scorer sows its contact features; the planner collects them per round as scan outputs
and logs them next to the chosen grasp for offline analysis."""
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
        self.model = model
        self.variables = variables
        self.log = []

    def score(self, grasps):
        quality, state = self.model.apply(self.variables, grasps, mutable=["intermediates"])
        return quality, state["intermediates"]["contact_features"][0]

    def plan(self, candidate_sets):  # [rounds, num, 7]
        def body(best, grasps):
            quality, contact = self.score(grasps)
            return jnp.maximum(best, quality.max()), (jnp.argmax(quality), contact)

        best, (picks, features) = jax.lax.scan(body, jnp.full((), -jnp.inf), candidate_sets)
        self.log.append({"best": best, "features": features.mean(axis=(1, 2))})
        return picks


def main():
    model = GraspScorer()
    candidates = jax.random.normal(jax.random.key(0), (6, 24, 7))
    variables = model.init(jax.random.key(1), candidates[0])
    planner = GraspPlanner(model, {"params": variables["params"]})
    planner.plan(candidates)
    return None
