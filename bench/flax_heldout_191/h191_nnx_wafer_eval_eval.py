# label: ok
# flax-error: none
# class: 4 the evaluator reaches the model through its workbench's trainer, switches it to eval mode before the while_loop and calls it in the body
"""Wafer defect inspection: evaluate lots until the defect rate exceeds the release threshold."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class DefectNet(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, 24, rngs=rngs)
        self.norm = nnx.BatchNorm(24, momentum=0.9, rngs=rngs)
        self.score = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, die_features):
        h = nnx.relu(self.norm(self.proj(die_features)))
        return self.score(h)[:, 0]


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.01), wrt=nnx.Param)


class Workbench:
    def __init__(self, trainer: Trainer, line: str):
        self.trainer = trainer
        self.line = line


class LotEvaluator:
    def __init__(self, bench: Workbench, threshold=0.6):
        self.bench = bench
        self.threshold = threshold

    def lots_until_hold(self, lots):
        count = lots.shape[0]

        def cond(state):
            i, rate = state
            return (i < count) & (rate < self.threshold)

        def body(state):
            i, _ = state
            scores = self.bench.trainer.model(lots[i])
            return i + 1, jnp.mean(jax.nn.sigmoid(scores) > 0.5)

        model = self.bench.trainer.model
        model.eval()
        try:
            return lax.while_loop(cond, body, (0, jnp.float32(0.0)))
        finally:
            model.train()


def main():
    lots = jax.random.normal(jax.random.key(3), (6, 16, 10))
    bench = Workbench(Trainer(DefectNet(10, rngs=nnx.Rngs(0))), line="fab-2")
    evaluated, rate = LotEvaluator(bench).lots_until_hold(lots)
    print(int(evaluated), float(rate))
    return None
