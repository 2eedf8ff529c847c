# label: ok
# flax-error: none
# class: 2 argparse flags pick train mode; the local model and params of main go into the fori_loop body, and batch_stats travel through the carry with mutable=["batch_stats"]
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
    params = variables["params"]

    def feeding(index, carry):
        heights, batch_stats = carry
        fed = jars.at[:, 2].set(index.astype(jnp.float32))
        rise, updates = model.apply({"params": params, "batch_stats": batch_stats}, fed, train=train,
                                    mutable=["batch_stats"])
        return heights + rise, updates["batch_stats"]

    heights, batch_stats = lax.fori_loop(0, args.feedings, feeding,
                                         (jnp.zeros((args.jars,)), variables["batch_stats"]))
    jax.block_until_ready((heights, batch_stats))
    return None
