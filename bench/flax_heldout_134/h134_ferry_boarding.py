# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "tonnes" in "/" because collection "manifest" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the BoardingDesk object holds model.bind(variables) as an attribute; the scan body calls desk.bound.board, which writes the "manifest" collection
"""Car-ferry boarding desk: predicts the deck load of each arriving vehicle lane and
keeps the running manifest total in a "manifest" collection."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DeckLoadModel(nn.Module):
    def setup(self):
        self.weigh = nn.Dense(1)

    def __call__(self, lane):
        return nn.softplus(self.weigh(lane))[..., 0]

    def board(self, lane):
        load = self(lane).sum()
        total = self.get_variable("manifest", "tonnes", jnp.zeros(()))
        self.put_variable("manifest", "tonnes", total + load)
        return load


class BoardingDesk:
    def __init__(self, model, variables, deck_limit):
        self.bound = model.bind(variables)
        self.deck_limit = deck_limit


def main():
    model = DeckLoadModel()
    lanes = jax.random.uniform(jax.random.key(0), (6, 8, 4))
    params = model.init(jax.random.key(1), lanes[0])["params"]
    variables = {"params": params, "manifest": {"tonnes": jnp.zeros(())}}
    desk = BoardingDesk(model, variables, deck_limit=40.0)

    def board_lane(room, lane):
        load = desk.bound.board(lane)
        return room - load, load

    jax.lax.scan(board_lane, jnp.float32(desk.deck_limit), lanes)
    return None
