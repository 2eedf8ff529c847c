# label: ok
# flax-error: none
# class: 3 LeadingEvaluator.evaluate scans over proof pages, returns each page's loss and tightness as ys and updates self.metrics, an nnx.MultiMetric attribute, once after the scan
"""Typesetting: evaluate a leading (line-spacing) predictor against the compositor's proofs.

The evaluator keeps its running metrics as nnx.metrics objects so the proofing dashboard can
read them between editions.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LeadingPredictor(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, lines):
        return 1.2 + 0.1 * nnx.tanh(self.proj(lines))[..., 0]  # leading as a multiple of point size


class LeadingEvaluator:
    def __init__(self, model: LeadingPredictor):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            tight=nnx.metrics.Average("tight"),
        )

    def evaluate(self, pages):
        def proof(carry, page):
            predicted = self.model(page["lines"])
            loss = jnp.mean((predicted - page["leading"]) ** 2)
            tight = jnp.mean((predicted < page["leading"]).astype(jnp.float32))
            return carry, {"loss": loss, "tight": tight}

        _, per_page = scan(proof, None, pages)
        self.metrics.update(**per_page)
        return self.metrics.compute()


def main():
    kl, kd = jax.random.split(jax.random.key(12))
    pages = {
        "lines": jax.random.normal(kl, (5, 30, 4)),  # 5 pages x 30 lines x (x-height, cap, size, measure)
        "leading": 1.2 + 0.05 * jax.random.normal(kd, (5, 30)),
    }
    evaluator = LeadingEvaluator(LeadingPredictor(4, rngs=nnx.Rngs(0)))
    print(evaluator.evaluate(pages))
    return None


if __name__ == "__main__":
    main()
