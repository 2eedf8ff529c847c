# label: ok
# flax-error: none
# class: 4 make_eval_step returns a closure over a model built from the TrainConfig with train=False; the closure runs model.apply in the scan body
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    hidden: int = 32
    n_tasks: int = 3
    train: bool = True


class MultiTaskADMET(nn.Module):
    hidden: int
    n_tasks: int
    train: bool

    @nn.compact
    def __call__(self, fp):
        h = nn.Dense(self.hidden)(fp)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        h = nn.swish(h)
        return nn.Dense(self.n_tasks)(h)


MODEL_REGISTRY = {"admet": MultiTaskADMET}


def build_model(name, cfg):
    return MODEL_REGISTRY[name](hidden=cfg.hidden, n_tasks=cfg.n_tasks, train=cfg.train)


def make_eval_step(model):
    def eval_step(variables, batch):
        preds = model.apply(variables, batch["fp"])
        return jnp.mean((preds - batch["y"]) ** 2)

    return eval_step


def evaluate(eval_step, variables, batches):
    def body(total, batch):
        return total + eval_step(variables, batch), None

    total, _ = jax.lax.scan(body, 0.0, batches)
    return total / batches["fp"].shape[0]


def main():
    cfg = TrainConfig()
    model = build_model("admet", cfg)
    batches = {"fp": jnp.ones((4, 8, 32)), "y": jnp.zeros((4, 8, 3))}
    variables = model.init(jax.random.PRNGKey(0), batches["fp"][0])
    eval_model = build_model("admet", dataclasses.replace(cfg, train=False))
    evaluate(make_eval_step(eval_model), variables, batches)
    return None
