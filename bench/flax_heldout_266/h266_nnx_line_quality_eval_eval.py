# label: ok
# flax-error: none
# class: 3 the fori_loop body of QualityEvaluator.mean_score calls self.model, switched to evaluation mode before the loop so its BatchNorm only reads the running statistics
"""OCR post-correction: score scanned lines for quality before they enter the correction queue."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class LineDataModule:
    def __init__(self, n_lines=4, width=6, features=3):
        self.n_lines, self.width, self.features = n_lines, width, features

    def validation_lines(self):
        raw = jnp.cos(jnp.arange(self.n_lines * self.width * self.features, dtype=jnp.float32))
        return raw.reshape(self.n_lines, self.width, self.features)


class LineQualityScorer(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, line):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.encode(line))))).squeeze(-1)


class QualityEvaluator:
    def __init__(self, model: LineQualityScorer):
        self.model = model

    def mean_score(self, lines):
        self.model.eval()

        def body(i, total):
            return total + self.model(lines[i]).mean()

        return fori_loop(0, lines.shape[0], body, jnp.zeros(())) / lines.shape[0]


def main():
    data = LineDataModule()
    model = LineQualityScorer(data.features, nnx.Rngs(0))
    score = QualityEvaluator(model).mean_score(data.validation_lines())
    jax.block_until_ready(score)
