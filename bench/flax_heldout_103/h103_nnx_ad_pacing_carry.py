# label: ok
# flax-error: none
# class: 4 AuctionFleet -> PacingTrainer.run_day: nnx.split of (bidder, optimizer) rides in the auction-round scan carry, merged in the body and nnx.update'd after the loop
"""Ad auctions, budget pacing: each campaign has an NNX bid model trained online so that the
spend per auction round tracks a pacing schedule. A fleet keeps one trainer per campaign;
each trainer owns its bidder, an nnx.Optimizer and a pacing scheduler."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class CampaignBidder(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_features, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.encoder(x))))[..., 0]


class PacingScheduler:
    def __init__(self, daily_budget: float, rounds: int, warmup: int = 4):
        self.per_round = daily_budget / rounds
        self.warmup = warmup

    def target(self, t):
        return self.per_round * jnp.minimum(1.0, (t + 1) / self.warmup)


class PacingTrainer:
    def __init__(self, bidder, scheduler, lr: float = 1e-2):
        self.bidder = bidder
        self.scheduler = scheduler
        self.optimizer = nnx.Optimizer(bidder, optax.adam(lr), wrt=nnx.Param)

    @staticmethod
    def loss_fn(model, x, target):
        return (jnp.sum(model(x)) - target) ** 2

    def step(self, bidder, optimizer, t, x):
        loss, grads = nnx.value_and_grad(self.loss_fn)(bidder, x, self.scheduler.target(t))
        optimizer.update(bidder, grads)
        return loss

    def run_day(self, rounds):
        graphdef, state = nnx.split((self.bidder, self.optimizer))

        def body(state, inp):
            t, x = inp
            bidder, optimizer = nnx.merge(graphdef, state)
            loss = self.step(bidder, optimizer, t, x)
            return nnx.state((bidder, optimizer)), loss

        state, losses = lax.scan(body, state, (jnp.arange(rounds.shape[0]), rounds))
        nnx.update((self.bidder, self.optimizer), state)
        return losses


class AuctionFleet:
    def __init__(self, campaigns: dict, n_features: int):
        self.trainers = {
            name: PacingTrainer(CampaignBidder(n_features, nnx.Rngs(seed)), PacingScheduler(budget, 24))
            for name, (budget, seed) in campaigns.items()
        }

    def run_all(self, rounds_by_campaign):
        return {name: self.trainers[name].run_day(r) for name, r in rounds_by_campaign.items()}


def main():
    fleet = AuctionFleet({"retail-q3": (240.0, 0), "fintech-leads": (120.0, 1)}, n_features=5)
    rounds = jax.random.uniform(jax.random.key(9), (24, 6, 5))
    losses = fleet.run_all({"retail-q3": rounds})
    losses["retail-q3"].block_until_ready()
    fleet.trainers["retail-q3"].bidder(rounds[0]).block_until_ready()
    return None
