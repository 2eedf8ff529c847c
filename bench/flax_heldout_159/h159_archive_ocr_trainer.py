# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns a jax.checkpoint-wrapped step around model.apply; the trainer's while_loop body calls it and assigns the new batch stats to self.state
"""Archive digitisation: fine-tuning the normalisation of an OCR line scorer on scanned ledger pages."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import struct


class LineScorer(nn.Module):
    @nn.compact
    def __call__(self, glyphs, train: bool = True):
        h = nn.Dense(32)(glyphs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


@struct.dataclass
class ScorerState:
    params: dict
    batch_stats: dict
    pages_seen: int = 0


def make_step(model):
    def step(params, batch_stats, pages):
        scores, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, pages, mutable=["batch_stats"])
        return scores, updates["batch_stats"]

    return jax.checkpoint(step)


class OCRTrainer:
    def __init__(self, model, variables):
        self.step_fn = make_step(model)
        self.state = ScorerState(params=variables["params"], batch_stats=variables["batch_stats"])

    def calibrate(self, ledger, n_pages):
        def cond(carry):
            return carry[0] < n_pages

        def body(carry):
            i, total = carry
            scores, new_stats = self.step_fn(self.state.params, self.state.batch_stats, ledger[i])
            self.state = self.state.replace(batch_stats=new_stats)
            return i + 1, total + scores.sum()

        _, total = jax.lax.while_loop(cond, body, (0, jnp.zeros(())))
        return total

    def summary(self):
        return {k: float(jnp.abs(v["mean"]).mean()) for k, v in self.state.batch_stats.items()}


def main():
    model = LineScorer()
    ledger = jax.random.normal(jax.random.key(6), (4, 8, 20))
    variables = model.init(jax.random.key(0), ledger[0])
    trainer = OCRTrainer(model, variables)
    jax.block_until_ready(trainer.calibrate(ledger, 4))
    trainer.summary()
    return None
