# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 argparse flags pick train mode; the locals model and variables of main go straight into the fori_loop body, which calls model.apply(variables, ..., train=True) without mutable
"""Sourdough starter monitor: predicts the rise after each feeding from jar sensors."""
import argparse

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

DEFAULT_ARGV = ["--mode", "train", "--feedings", "6", "--jars", "4"]


def parse_flags(argv):
    parser = argparse.ArgumentParser(prog="starter-monitor")
    parser.add_argument("--mode", choices=["train", "eval"], default="eval")
    parser.add_argument("--feedings", type=int, default=4)
    parser.add_argument("--jars", type=int, default=2)
    parser.add_argument("--hydration", type=float, default=0.75)
    return parser.parse_args(argv)


class RiseModel(nn.Module):
    @nn.compact
    def __call__(self, jar_state, train: bool):
        h = nn.Dense(8, name="culture")(jar_state)
        h = nn.BatchNorm(use_running_average=not train, name="norm")(h)
        return nn.softplus(nn.Dense(1, name="rise")(nn.swish(h)))[..., 0]


def main(argv=None):
    args = parse_flags(DEFAULT_ARGV if argv is None else argv)
    train = args.mode == "train"
    model = RiseModel()
    jars = jnp.stack([jnp.full((args.jars,), args.hydration), jnp.linspace(21.0, 25.0, args.jars),
                      jnp.ones((args.jars,))], axis=-1)
    variables = model.init(jax.random.key(0), jars, train=train)

    def feeding(index, heights):
        fed = jars.at[:, 2].set(index.astype(jnp.float32))
        rise = model.apply(variables, fed, train=train)
        return heights + rise

    heights = lax.fori_loop(0, args.feedings, feeding, jnp.zeros((args.jars,)))
    jax.block_until_ready(heights)
    return None
