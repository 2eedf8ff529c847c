# label: ok
# flax-error: none
# class: 4 CrossValidator.evaluator.model.apply runs in the scan body over folds with train=False, reading the running statistics only
"""K-fold validation of a fermentation-quality regressor: every fold is scored inside one lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class QualityHead(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x).squeeze(-1)


@dataclasses.dataclass(frozen=True)
class CVConfig:
    num_folds: int = 5
    fold_size: int = 8
    features: int = 6
    train_mode_scoring: bool = False  # score with the running statistics


class FoldEvaluator:
    def __init__(self, model: nn.Module, variables, config: CVConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def fold_loss(self, x, y):
        pred = self.model.apply(self.variables, x, train=self.config.train_mode_scoring)
        return jnp.mean((pred - y) ** 2)


class CrossValidator:
    def __init__(self, config: CVConfig, evaluator: FoldEvaluator):
        self.config = config
        self.evaluator = evaluator

    def run(self, folds_x, folds_y):
        def score_fold(total, fold):
            x, y = fold
            loss = self.evaluator.fold_loss(x, y)
            return total + loss, loss

        total, per_fold = lax.scan(score_fold, jnp.zeros(()), (folds_x, folds_y))
        return total / self.config.num_folds, per_fold


def load_folds(config: CVConfig, key):
    kx, ky = jax.random.split(key)
    x = jax.random.normal(kx, (config.num_folds, config.fold_size, config.features))
    y = x.sum(-1) * 0.3 + 0.1 * jax.random.normal(ky, (config.num_folds, config.fold_size))
    return x, y


def main():
    config = CVConfig()
    data_key, init_key = jax.random.split(jax.random.key(0))
    folds_x, folds_y = load_folds(config, data_key)
    model = QualityHead()
    variables = model.init(init_key, folds_x[0], train=False)
    validator = CrossValidator(config, FoldEvaluator(model, variables, config))
    mean_loss, per_fold = validator.run(folds_x, folds_y)
    print(f"cv loss {float(mean_loss):.4f} over {per_fold.shape[0]} folds")
    return None
