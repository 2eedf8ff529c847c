# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 GraspPlanner -> OnlineAdapter holds the scorer and an nnx.Optimizer; the lax.scan body over feedback batches calls nnx.value_and_grad on the outer scorer and optimizer.update
"""Robotic-arm grasp planner with a learned scorer that adapts online.

After each execution round the robot reports which grasps held; the adapter fine-tunes the
scorer on that feedback with one optimizer step per round."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class GraspScorer(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.contact = nnx.Linear(7, 32, rngs=rngs)
        self.quality = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, grasps):
        return self.quality(nnx.swish(self.contact(grasps))).squeeze(-1)


def feedback_loss(scorer, grasps, held):
    logits = scorer(grasps)
    return optax.sigmoid_binary_cross_entropy(logits, held).mean()


class OnlineAdapter:
    def __init__(self, scorer: GraspScorer, lr: float = 1e-2):
        self.scorer = scorer
        self.optimizer = nnx.Optimizer(scorer, optax.adam(lr), wrt=nnx.Param)

    def adapt(self, rounds):
        def body(carry, batch):
            grasps, held = batch
            loss, grads = nnx.value_and_grad(feedback_loss)(self.scorer, grasps, held)
            self.optimizer.update(self.scorer, grads)
            return carry, loss

        _, losses = lax.scan(body, None, rounds)
        return losses


class GraspPlanner:
    def __init__(self, adapter: OnlineAdapter):
        self.adapter = adapter

    def best_grasp(self, candidates):
        return candidates[jnp.argmax(self.adapter.scorer(candidates))]


def main():
    planner = GraspPlanner(OnlineAdapter(GraspScorer(rngs=nnx.Rngs(0))))
    grasps = jax.random.normal(jax.random.key(1), (5, 16, 7))
    held = (grasps[..., 2] > 0).astype(jnp.float32)
    planner.adapter.adapt((grasps, held))
    planner.best_grasp(grasps[0])
    return None
