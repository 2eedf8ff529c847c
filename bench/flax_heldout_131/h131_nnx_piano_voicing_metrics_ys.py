# label: ok
# flax-error: none
# class: 3 the scan body returns per-batch loss and logits as ys; evaluator.metrics (nnx.MultiMetric) is updated after the scan
"""Piano voicing: evaluates a hammer-felt hardness classifier over recorded note batches."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

GRADES = 4  # soft, medium, firm, bright


class FeltClassifier(nnx.Module):
    def __init__(self, spectrum_bins: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(spectrum_bins, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.head = nnx.Linear(24, GRADES, rngs=rngs)

    def __call__(self, spectra):
        return self.head(nnx.relu(self.norm(self.proj(spectra))))


class VoicingEvaluator:
    def __init__(self, model: FeltClassifier):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, spectra, grades):
        def body(_, batch):
            x, y = batch
            logits = self.model(x)
            loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))
            return None, (loss, logits)

        _, (losses, logits) = scan(body, None, (spectra, grades))
        self.metrics.update(loss=losses, logits=logits.reshape(-1, GRADES), labels=grades.reshape(-1))
        return self.metrics.compute()


def main():
    spectra = jax.random.normal(jax.random.key(2), (5, 8, 32))
    grades = jax.random.randint(jax.random.key(3), (5, 8), 0, GRADES)
    evaluator = VoicingEvaluator(FeltClassifier(32, nnx.Rngs(0)))
    report = evaluator.evaluate(spectra, grades)
    jax.block_until_ready(report)
    return None
